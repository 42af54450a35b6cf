import * as React from 'react';
import { MAX_COMMENT_LENGTH, FALLBACK_MESSAGES } from '@pitlane/api/contract';
import { useAddComment } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { Button } from '../../primitives/Button/Button.tsx';
import { Input } from '../../primitives/Input/Input.tsx';
import { MentionTypeahead } from '../MentionTypeahead/MentionTypeahead.tsx';

export interface CommentFormProps extends Omit<React.ComponentProps<'form'>, 'onSubmit' | 'children'> {
  postId: string;
  /** The comment field, for the list around it to send the focus to (after a comment is deleted). */
  inputRef?: React.RefObject<HTMLInputElement | null>;
}

/** The counter appears once a comment gets near the limit, so short comments stay uncluttered. */
const COUNTER_FROM = MAX_COMMENT_LENGTH - 50;

/**
 * The posting form of the comments preview and the comments modal (spec §2): "Add a comment..."
 * up to 300 characters, "Post" reading "Posting..." while it sends. A blank or whitespace-only
 * comment is never sent (§5). A failure keeps the text and says "Could not post comment." (§8).
 */
export function CommentForm({ postId, inputRef, className, ...props }: CommentFormProps) {
  const addComment = useAddComment(postId);
  const ownInput = React.useRef<HTMLInputElement>(null);
  const input = inputRef ?? ownInput;
  const postButton = React.useRef<HTMLButtonElement>(null);
  const [text, setText] = React.useState('');
  const [failed, setFailed] = React.useState(false);
  const counterId = React.useId();
  const alertId = React.useId();
  const blank = text.trim() === '';
  const showCounter = text.length >= COUNTER_FROM;

  // On a page drawn on the server (apps/web/src/first-screen) the field can be typed in before
  // the app has taken the page over; hydrating, React leaves that text in the field but not in
  // `text`, so it would be neither sent nor kept. Taken in at the first commit; a field drawn in
  // the browser is empty then.
  React.useLayoutEffect(() => {
    const typed = input.current?.value ?? '';
    // The field's DOM is the outside system here, read once; one more render only when it holds text.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (typed !== '') setText(typed);
  }, [input]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (blank || addComment.isPending) return;
    setFailed(false);
    addComment.mutate(
      { text: text.trim() },
      {
        onSuccess: () => {
          setText('');
          // Sent with the Post button: the emptied form disables it, which would drop the
          // keyboard focus to <body>. The field is where the next comment starts.
          if (document.activeElement === postButton.current) input.current?.focus();
        },
        onError: () => setFailed(true),
      },
    );
  };

  return (
    <form data-slot="comment-form" noValidate onSubmit={submit} className={cn('flex flex-col gap-1', className)} {...props}>
      <div className="flex items-center gap-2">
        {/* Issue 21: `@` and `#` offer people and tags, in a list over the field (a card clips below it). */}
        <div className="relative min-w-0 flex-1">
          <Input
            ref={input}
            aria-label="Add a comment"
            placeholder="Add a comment..."
            maxLength={MAX_COMMENT_LENGTH}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-describedby={[showCounter && counterId, failed && alertId].filter(Boolean).join(' ') || undefined}
            compact
          />
          <MentionTypeahead field={input} placement="above" />
        </div>
        <Button ref={postButton} type="submit" size="compact" disabled={blank} busy={addComment.isPending} busyLabel="Posting...">
          Post
        </Button>
      </div>
      {showCounter && (
        <p id={counterId} aria-live="polite" className={cn('self-end text-xs tabular-nums', text.length >= MAX_COMMENT_LENGTH ? 'font-medium text-danger' : 'text-muted-foreground')}>
          {`${text.length} / ${MAX_COMMENT_LENGTH}`}
          <span className="sr-only"> characters</span>
        </p>
      )}
      {failed && (
        <p id={alertId} role="alert" className="text-sm font-medium text-danger">
          {FALLBACK_MESSAGES.postCommentFailed}
        </p>
      )}
    </form>
  );
}

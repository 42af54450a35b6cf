import type * as React from 'react';
import { Link } from 'wouter';
import { paths, textPieces } from '@pitlane/api/contract';
import { cn } from '../../lib/cn.ts';

export interface RichTextProps extends Omit<React.ComponentProps<'p'>, 'children'> {
  /** What someone wrote: a post's content, a comment's text. */
  text: string;
}

/**
 * What people write, as they wrote it (line breaks kept, long words broken), with each
 * `@username` linking to that profile and each `#tag` to the tag's page (issue 21). The contract's
 * `textPieces` decides what is a mention or a tag, as the server does. The links are underlined,
 * so they stand out from the words around them without relying on colour.
 */
export function RichText({ text, className, ...props }: RichTextProps) {
  return (
    <p data-slot="rich-text" className={cn('break-words whitespace-pre-line', className)} {...props}>
      {textPieces(text).map((piece, index) =>
        piece.kind === 'text' ? (
          piece.text
        ) : (
          <Link
            key={index}
            to={piece.kind === 'tag' ? paths.tag(piece.tag) : paths.profile(piece.username)}
            className="font-medium underline decoration-input underline-offset-2 hover:decoration-current"
          >
            {piece.text}
          </Link>
        ),
      )}
    </p>
  );
}

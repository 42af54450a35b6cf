import * as React from 'react';
import { typeaheadAt } from '@pitlane/api/contract';
import { useMentionSuggestions, useTagSuggestions } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { Avatar } from '../../primitives/Avatar/Avatar.tsx';
import { ListboxOption } from '../../primitives/Combobox/ListboxOption.tsx';
import type { MentionTypeaheadProps, TypeaheadField } from './MentionTypeahead.tsx';

/** The `@` or `#` word the caret is at the end of, with where it starts and ends. */
interface Word {
  sign: '@' | '#';
  query: string;
  start: number;
  end: number;
}

interface Suggestion {
  key: string;
  /** What replaces the word: `@username ` or `#tag `. */
  text: string;
  label: React.ReactNode;
}

/** The word being typed in `field`, when it has the focus and a caret (not a selection) after a sign and a letter. */
function wordIn(field: TypeaheadField): Word | null {
  if (field.ownerDocument.activeElement !== field) return null;
  const caret = field.selectionStart;
  if (caret === null || caret !== field.selectionEnd) return null;
  const found = typeaheadAt(field.value, caret);
  return found && found.query !== '' ? { ...found, end: caret } : null;
}

/**
 * The suggestions under (or over) the field, loaded lazily by MentionTypeahead. The field keeps
 * the focus and its textbox role (a textarea may not take the combobox role); it owns the list
 * as the ARIA 1.2 combobox pattern has it: `aria-autocomplete="list"`, `aria-controls` and the
 * highlighted option as its `aria-activedescendant`. The first option is highlighted as the list
 * opens; ↓/↑ move (wrapping), Enter or Tab writes the highlighted one, Escape closes the list
 * (and only the list: a dialog around the field stays), a click writes the one clicked.
 *
 * The field belongs to its form, so the list listens to it and sets these attributes itself, and
 * writes a choice the way typing would (an `input` event), for controlled fields and
 * react-hook-form's alike.
 */
export default function TypeaheadList({ field, placement = 'below', className }: MentionTypeaheadProps) {
  const listId = React.useId();
  const [word, setWord] = React.useState<Word | null>(null);
  const [dismissed, setDismissed] = React.useState(false);
  const [active, setActive] = React.useState(0);
  const people = useMentionSuggestions(word?.sign === '@' ? word.query : '', { enabled: word?.sign === '@' });
  const tags = useTagSuggestions(word?.sign === '#' ? word.query : '', { enabled: word?.sign === '#' });

  const suggestions: Suggestion[] =
    word === null
      ? []
      : word.sign === '@'
        ? (people.data ?? []).map((user) => ({
            key: user._id,
            text: `@${user.username} `,
            label: (
              <>
                <Avatar size="xs" name={user.fullName} src={user.profilePictureUrl} alt="" />
                <span className="min-w-0 truncate font-medium">{user.fullName}</span>
                <span className="min-w-0 truncate text-muted-foreground">@{user.username}</span>
              </>
            ),
          }))
        : (tags.data ?? []).map(({ tag, postCount }) => ({
            key: tag,
            text: `#${tag} `,
            label: (
              <>
                <span className="min-w-0 truncate font-medium">#{tag}</span>
                <span className="ml-auto shrink-0 text-xs text-muted-foreground tabular-nums">{postCount === 1 ? '1 post' : `${postCount} posts`}</span>
              </>
            ),
          }));
  const open = word !== null && !dismissed && suggestions.length > 0;
  const current = Math.min(active, suggestions.length - 1);
  const optionId = (index: number) => `${listId}-option-${index}`;

  const read = React.useEffectEvent(() => {
    if (field.current) setWord(wordIn(field.current));
  });

  const choose = (suggestion: Suggestion) => {
    const element = field.current;
    if (!element || !word) return;
    // Never past the field's own limit (a comment's 300 characters).
    if (element.maxLength >= 0 && element.value.length - (word.end - word.start) + suggestion.text.length > element.maxLength) return;
    element.setRangeText(suggestion.text, word.start, word.end, 'end');
    // As typing does: the form's onChange (controlled or react-hook-form) hears it.
    element.dispatchEvent(new Event('input', { bubbles: true }));
    setWord(null);
  };

  const onKeyDown = React.useEffectEvent((event: KeyboardEvent) => {
    if (!open || event.isComposing) return;
    const count = suggestions.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        setActive((current + (event.key === 'ArrowDown' ? 1 : -1) + count) % count);
        return;
      case 'Enter':
      case 'Tab': {
        if (event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
        const suggestion = suggestions[current];
        if (!suggestion) return;
        // Writes the choice instead of a new line, a sent form or leaving the field.
        event.preventDefault();
        choose(suggestion);
        return;
      }
      case 'Escape':
        // Dialog.tsx lets the list close first (data-typeahead-open).
        event.preventDefault();
        event.stopPropagation();
        setDismissed(true);
        return;
    }
  });

  const onInput = React.useEffectEvent(() => {
    setDismissed(false);
    setActive(0);
    read();
  });

  const onBlur = React.useEffectEvent(() => setWord(null));

  React.useEffect(() => {
    const element = field.current;
    if (!element) return;
    // The caret moved without typing: the word under it may be another.
    const onKeyUp = (event: KeyboardEvent) => {
      if (['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown'].includes(event.key)) read();
    };
    const listeners = { input: onInput, keydown: onKeyDown, keyup: onKeyUp, click: read, focus: read, blur: onBlur } as const;
    for (const [type, listener] of Object.entries(listeners)) element.addEventListener(type, listener as EventListener);
    element.setAttribute('aria-autocomplete', 'list');
    element.setAttribute('aria-controls', listId);
    // What was typed while this code was on its way, read once it has painted.
    const frame = requestAnimationFrame(read);
    return () => {
      cancelAnimationFrame(frame);
      for (const [type, listener] of Object.entries(listeners)) element.removeEventListener(type, listener as EventListener);
      for (const name of ['aria-autocomplete', 'aria-controls', 'aria-activedescendant', 'data-typeahead-open']) element.removeAttribute(name);
    };
  }, [field, listId]);

  React.useEffect(() => {
    const element = field.current;
    if (!element) return;
    if (open) {
      element.setAttribute('aria-activedescendant', optionId(current));
      element.setAttribute('data-typeahead-open', '');
      element.ownerDocument.getElementById(optionId(current))?.scrollIntoView({ block: 'nearest' });
    } else {
      element.removeAttribute('aria-activedescendant');
      element.removeAttribute('data-typeahead-open');
    }
  });

  return (
    // Always in the DOM, so `aria-controls` names an element that exists, open or not.
    <ul
      id={listId}
      role="listbox"
      aria-label={word?.sign === '#' ? 'Tags' : 'People'}
      hidden={!open}
      data-slot="mention-typeahead"
      className={cn(
        'absolute inset-x-0 z-20 max-h-64 overflow-y-auto rounded-md bg-surface p-1 shadow-dialog ring-1 ring-border',
        placement === 'below' ? 'top-full mt-1' : 'bottom-full mb-1',
        className,
      )}
    >
      {open
        ? suggestions.map((suggestion, index) => (
            <ListboxOption key={suggestion.key} id={optionId(index)} active={index === current} onActivate={() => setActive(index)} onChoose={() => choose(suggestion)}>
              {suggestion.label}
            </ListboxOption>
          ))
        : null}
    </ul>
  );
}

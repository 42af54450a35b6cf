import * as React from 'react';
import { Check, ChevronDown } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { Input } from '../Input/Input.tsx';
import { ListboxOption } from './ListboxOption.tsx';

/** One choice of the list. `key` is unique; `text` is what the field shows once it is chosen. */
export interface ComboboxOption {
  key: string;
  text: string;
  /** What the list shows; `text` when absent. */
  label?: React.ReactNode;
  /** Set apart from the list's names by a line above it (the "Not in the list? …" choice). */
  separate?: boolean;
}

export interface ComboboxProps
  extends Omit<React.ComponentProps<'input'>, 'value' | 'onChange' | 'onSelect' | 'role' | 'type' | 'children'> {
  /** The text in the field. */
  value: string;
  onValueChange: (text: string) => void;
  /** The choices for what is typed now (the caller filters or asks the server). */
  options: readonly ComboboxOption[];
  onSelect: (option: ComboboxOption) => void;
  /** The key of the option the field holds now: ticked in the list. */
  selectedKey?: string | null;
  /** A line under the field while the list has nothing to offer: "Searching...", an error. */
  notice?: React.ReactNode;
  /** Marks the notice as an error (red, with `role="alert"`). */
  noticeIsError?: boolean;
  /** The choices are on their way (what was typed is being looked up): `aria-busy` on the field. */
  busy?: boolean;
}

/**
 * A text field with a list of suggestions under it: the WAI-ARIA 1.2 combobox pattern (list
 * autocomplete, no automatic selection). The focus stays in the field; the highlighted option is
 * its `aria-activedescendant`. The list opens on typing, a click or ↓/↑ (not on focus alone, so a
 * dialog opening on the field is not covered by it). Keys: ↓/↑ move through it (wrapping), Enter
 * chooses, Escape closes the list (and only the list, not the dialog around it), Tab leaves.
 *
 * The list hangs under the field inside the page's flow (absolutely placed, no portal), so it
 * scrolls with a dialog's content instead of floating over its edge.
 */
export function Combobox({
  value,
  onValueChange,
  options,
  onSelect,
  selectedKey = null,
  notice,
  noticeIsError = false,
  busy = false,
  className,
  disabled,
  onKeyDown,
  onBlur,
  'aria-describedby': describedBy,
  ...props
}: ComboboxProps) {
  const listId = React.useId();
  const noticeId = React.useId();
  const [open, setOpen] = React.useState(false);
  // The highlight belongs to one list: a new list (the next keystroke's answer) starts without
  // one, as the pattern asks, instead of highlighting whatever now sits at the same place.
  const listKey = options.map((option) => option.key).join('\u0000');
  const [highlight, setHighlight] = React.useState({ index: -1, listKey });
  const setActive = (index: number) => setHighlight({ index, listKey });
  const listRef = React.useRef<HTMLUListElement>(null);
  const expanded = open && !disabled && options.length > 0;
  const current = highlight.listKey === listKey && highlight.index < options.length ? highlight.index : -1;
  const optionId = (index: number) => `${listId}-option-${index}`;

  // Keeps the highlighted option in view while the arrows move through a long list.
  React.useEffect(() => {
    if (current < 0) return;
    listRef.current?.querySelector(`#${CSS.escape(optionId(current))}`)?.scrollIntoView({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- optionId derives from listId, which never changes
  }, [current]);

  const choose = (option: ComboboxOption) => {
    onSelect(option);
    setOpen(false);
    setActive(-1);
  };

  const handleKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    // Not stopped by a default already prevented: the dialog around the field prevents Escape's
    // (its own close) exactly so that the list can close here.
    onKeyDown?.(event);
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (count === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        if (!expanded) {
          setOpen(true);
          setActive(step === 1 ? 0 : count - 1);
          return;
        }
        setActive(current < 0 ? (step === 1 ? 0 : count - 1) : (current + step + count) % count);
        return;
      }
      case 'Enter': {
        const option = expanded && current >= 0 ? options[current] : undefined;
        // Enter on a highlighted option chooses it instead of submitting the form.
        if (option) {
          event.preventDefault();
          choose(option);
        }
        return;
      }
      case 'Escape':
        if (expanded) {
          // The list closes; the dialog around the field stays open.
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
        }
        return;
    }
  };

  return (
    // The list opens under the notice, if any: a reason the list cannot help stays in sight.
    <div data-slot="combobox" className="relative w-full">
      <Input
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && current >= 0 ? optionId(current) : undefined}
        aria-busy={busy || undefined}
        aria-describedby={[describedBy, notice ? noticeId : ''].filter(Boolean).join(' ') || undefined}
        autoComplete="off"
        spellCheck={false}
        value={value}
        disabled={disabled}
        className={cn('pr-9', className)}
        onChange={(event) => {
          onValueChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onBlur={(event) => {
          onBlur?.(event);
          setOpen(false);
          setActive(-1);
        }}
        onClick={() => setOpen(true)}
        onKeyDown={handleKeyDown}
        {...props}
      />
      <ChevronDown aria-hidden className="pointer-events-none absolute top-5 right-3 size-4 -translate-y-1/2 text-muted-foreground" />
      {notice ? (
        <p
          id={noticeId}
          role={noticeIsError ? 'alert' : 'status'}
          className={cn('mt-1.5 text-sm', noticeIsError ? 'text-danger' : 'text-muted-foreground')}
        >
          {notice}
        </p>
      ) : null}
      {/* Always in the DOM, so `aria-controls` names an element that exists, open or not. */}
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-10 mt-1 max-h-64 overflow-y-auto rounded-md bg-surface p-1 shadow-dialog ring-1 ring-border"
      >
        {options.map((option, index) => (
          <ListboxOption
            key={option.key}
            id={optionId(index)}
            active={index === current}
            onActivate={() => setActive(index)}
            onChoose={() => choose(option)}
            className={cn(option.separate && index > 0 && 'mt-1 border-t pt-2.5')}
          >
            <span className="min-w-0 flex-1 break-words">{option.label ?? option.text}</span>
            {option.key === selectedKey ? <Check aria-hidden className="size-4 shrink-0" /> : null}
          </ListboxOption>
        ))}
      </ul>
    </div>
  );
}

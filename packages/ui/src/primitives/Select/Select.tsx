import * as React from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { controlClasses } from '../Input/Input.tsx';

export type SelectProps = React.ComponentProps<'select'>;

/**
 * A native `<select>` with the form controls' look. Native on purpose: phones open their own
 * picker, which beats any custom listbox for thumbs and screen readers ("Post to:" on mobile).
 * It fills its container like Input does; size it by its container. Children are `<option>`s.
 */
export function Select({ className, children, ...props }: SelectProps) {
  const wrapper = React.useRef<HTMLDivElement>(null);
  const { value, defaultValue, multiple } = props;
  // Mount only, as React applies `defaultValue`: it is the initial choice, not a controlled one.
  React.useLayoutEffect(() => {
    const select = wrapper.current?.querySelector('select');
    if (select && value == null && defaultValue != null) selectDefault(select, defaultValue, multiple);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a later defaultValue is ignored, as in React
  }, []);
  return (
    <div ref={wrapper} data-slot="select-wrapper" className="relative w-full">
      <select
        data-slot="select"
        // appearance-none drops the platform arrow so ours sits at the same place everywhere;
        // pr-9 keeps long community names from running under it.
        className={cn(controlClasses, 'peer h-10 cursor-pointer appearance-none truncate pr-9 text-foreground', className)}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        data-slot="select-icon"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground peer-disabled:opacity-50"
      />
    </div>
  );
}

/**
 * Selects the options `defaultValue` names, as React DOM does on mount (its `updateOptions` with
 * `setDefaultSelected`): each match becomes selected and default-selected, so a form reset comes
 * back to it; with no match a single select falls to its first enabled option.
 *
 * Under React this repeats what React DOM just did, so nothing changes. It is here for
 * preact/compat (issue 22), which emulates `defaultValue` by putting `selected` on the `<select>`'s
 * direct `<option>` children when it creates the element (compat/src/render.js). Options inside a
 * fragment (the stories' `children`), or rendered by a component, are never marked there, and the
 * select would open on its first option. Reading the DOM works whatever renders the options.
 */
function selectDefault(select: HTMLSelectElement, defaultValue: NonNullable<SelectProps['defaultValue']>, multiple?: boolean) {
  const { options } = select;
  if (multiple) {
    const wanted = new Set((Array.isArray(defaultValue) ? defaultValue : [defaultValue]).map(String));
    for (const option of options) {
      const selected = wanted.has(option.value);
      if (option.selected !== selected) option.selected = selected;
      if (selected) option.defaultSelected = true;
    }
    return;
  }
  const wanted = String(defaultValue);
  let firstEnabled: HTMLOptionElement | null = null;
  for (const option of options) {
    if (option.value === wanted) {
      option.selected = true;
      option.defaultSelected = true;
      return;
    }
    if (firstEnabled === null && !option.disabled) firstEnabled = option;
  }
  if (firstEnabled !== null) firstEnabled.selected = true;
}

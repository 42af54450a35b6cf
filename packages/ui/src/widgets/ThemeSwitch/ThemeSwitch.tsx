import * as React from 'react';
import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { useTheme } from '../../lib/theme-hook.ts';
import type { ThemePreference } from '../../lib/theme.ts';

const options: { value: ThemePreference; label: string; icon: LucideIcon }[] = [
  { value: 'system', label: 'System', icon: Monitor },
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
];

export interface ThemeSwitchProps {
  /** The chosen preference; without it the switch reads and sets this device's (lib/theme.ts). */
  value?: ThemePreference;
  onValueChange?: (preference: ThemePreference) => void;
  /** The group's name for assistive technology; pages with a visible heading pass its id instead. */
  'aria-label'?: string;
  'aria-labelledby'?: string;
  className?: string;
}

/**
 * The theme choice (issue 21): "System", "Light" or "Dark" as a segmented control. It applies at
 * once and is kept per device; "System" follows the operating system's setting, live.
 * Native radio buttons, on purpose: they bring the radio group's keyboard (one tab stop, arrow
 * keys move and choose) without script, and the switch sits in the layout of every signed-in
 * page, where Radix's RadioGroup cost 8.7 KB of first-load JS (gzip) on /feeds.
 */
export function ThemeSwitch({ value, onValueChange, className, ...labelling }: ThemeSwitchProps) {
  const device = useTheme();
  const preference = value ?? device.preference;
  const choose = onValueChange ?? device.setPreference;
  const name = React.useId();
  const group = React.useRef<HTMLDivElement>(null);
  // The radios show `preference`, not the one just pressed: when the choice is not taken (a
  // caller's value that stays), the pressed radio must not stay checked. React puts a controlled
  // input's `checked` back after its event; preact/compat (issue 22) leaves the browser's, so the
  // group is set back here, and the render of a taken choice then checks it.
  const choosing = (option: ThemePreference) => {
    choose(option);
    for (const input of group.current?.querySelectorAll('input') ?? []) input.checked = input.value === preference;
  };
  return (
    <div
      ref={group}
      role="radiogroup"
      data-slot="theme-switch"
      aria-label={labelling['aria-labelledby'] ? undefined : (labelling['aria-label'] ?? 'Theme')}
      aria-labelledby={labelling['aria-labelledby']}
      className={cn('@container grid grid-cols-3 gap-1 rounded-md bg-surface-sunken p-1 ring-1 ring-border', className)}
    >
      {options.map(({ value: option, label, icon: Icon }) => (
        <label
          key={option}
          className={cn(
            'relative flex h-8 min-w-0 cursor-pointer items-center justify-center gap-1.5 rounded-sm px-2 text-sm font-medium text-soft-foreground',
            'hover:text-foreground [&_svg]:size-4 [&_svg]:shrink-0',
            'has-checked:bg-surface-raised has-checked:text-foreground has-checked:shadow-card',
            'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring',
          )}
        >
          <input
            type="radio"
            name={name}
            value={option}
            checked={preference === option}
            onChange={() => choosing(option)}
            // Invisible but covering the whole segment: what is pressed is the radio itself.
            className="absolute inset-0 size-full cursor-pointer appearance-none rounded-sm opacity-0"
          />
          {/* Icons only where there is room for them beside the words (the sidebar is 200 px at its narrowest). */}
          <Icon aria-hidden className="hidden @min-[15rem]:block" />
          <span className="truncate">{label}</span>
        </label>
      ))}
    </div>
  );
}

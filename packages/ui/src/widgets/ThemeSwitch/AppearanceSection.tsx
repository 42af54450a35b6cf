import * as React from 'react';
import { cn } from '../../lib/cn.ts';
import { ThemeSwitch, type ThemeSwitchProps } from './ThemeSwitch.tsx';

const TEXT = {
  heading: 'Appearance',
  intro: 'Applies at once, on this device. System follows your device’s light or dark setting.',
} as const;

export interface AppearanceSectionProps extends Pick<ThemeSwitchProps, 'value' | 'onValueChange'> {
  className?: string;
}

/**
 * Edit Profile's "Appearance" (issue 21): the theme switch under a heading. Not part of the profile
 * form: it is this device's setting, not the profile's, and applies without saving.
 */
export function AppearanceSection({ value, onValueChange, className }: AppearanceSectionProps) {
  const headingId = React.useId();
  return (
    <section aria-labelledby={headingId} data-slot="appearance-section" className={cn('flex flex-col gap-3', className)}>
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-lg font-semibold">
          {TEXT.heading}
        </h2>
        <p className="text-sm text-muted-foreground">{TEXT.intro}</p>
      </div>
      <ThemeSwitch aria-labelledby={headingId} value={value} onValueChange={onValueChange} className="max-w-sm" />
    </section>
  );
}

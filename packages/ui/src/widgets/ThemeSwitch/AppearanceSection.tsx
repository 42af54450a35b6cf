import * as React from 'react';
import { SettingsSection } from '../SettingsSection/SettingsSection.tsx';
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
    <SettingsSection heading={TEXT.heading} intro={TEXT.intro} headingId={headingId} data-slot="appearance-section" className={className}>
      <ThemeSwitch aria-labelledby={headingId} value={value} onValueChange={onValueChange} className="max-w-sm" />
    </SettingsSection>
  );
}

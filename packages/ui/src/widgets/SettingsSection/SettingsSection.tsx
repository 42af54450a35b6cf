import * as React from 'react';
import { cn } from '../../lib/cn.ts';

export interface SettingsSectionProps extends Omit<React.ComponentProps<'section'>, 'id'> {
  /** The section's heading (an h2 on Edit Profile), which names the section. */
  heading: React.ReactNode;
  /** The line under the heading: what the setting does. */
  intro: React.ReactNode;
  /** The heading's id, when a control inside is named by it too (the theme switch); default its own. */
  headingId?: string;
}

/**
 * One setting of Edit Profile below the profile form (Appearance, Your data): a heading that names
 * the section, a line saying what it does, then its controls.
 */
export function SettingsSection({ heading, intro, headingId, className, children, ...props }: SettingsSectionProps) {
  const ownId = React.useId();
  const id = headingId ?? ownId;
  return (
    <section aria-labelledby={id} className={cn('flex flex-col gap-3', className)} {...props}>
      <div className="flex flex-col gap-1">
        <h2 id={id} className="text-lg font-semibold">
          {heading}
        </h2>
        <p className="text-sm text-muted-foreground">{intro}</p>
      </div>
      {children}
    </section>
  );
}

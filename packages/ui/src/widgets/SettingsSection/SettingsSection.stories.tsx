import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Button } from '../../primitives/Button/Button.tsx';
import { SettingsSection } from './SettingsSection.tsx';

const meta = {
  title: 'Widgets/SettingsSection',
  component: SettingsSection,
  decorators: [(Story) => <div className="max-w-xl"><Story /></div>],
  args: {
    heading: 'Your data',
    intro:
      'Download a copy of your profile, posts with their photos, comments, follows, communities, garage, saved posts and the people you blocked or muted, as one zip file.',
    children: <Button variant="outline" className="self-start">Download my data</Button>,
  },
} satisfies Meta<typeof SettingsSection>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A setting of Edit Profile: the heading names the section, a line says what it does, then its controls. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const section = canvas.getByRole('region', { name: 'Your data' });
    await expect(section).toContainElement(canvas.getByRole('heading', { level: 2, name: 'Your data' }));
    await expect(section).toHaveTextContent(/^Your dataDownload a copy of your profile/);
    await expect(section).toContainElement(canvas.getByRole('button', { name: 'Download my data' }));
  },
};

/** A control named by the heading too (the theme switch) gets the heading's id from the caller. */
export const HeadingId: Story = {
  args: {
    heading: 'Appearance',
    intro: 'Applies at once, on this device. System follows your device’s light or dark setting.',
    headingId: 'appearance-heading',
    children: <div role="radiogroup" aria-labelledby="appearance-heading" />,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Appearance' })).toBeVisible();
    await expect(canvas.getByRole('radiogroup', { name: 'Appearance' })).toBeInTheDocument();
  },
};

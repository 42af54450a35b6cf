import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { AppearanceSection } from './AppearanceSection.tsx';

const meta = {
  title: 'Widgets/AppearanceSection',
  component: AppearanceSection,
  args: { value: 'system', onValueChange: fn() },
  decorators: [(Story) => <div className="max-w-xl"><Story /></div>],
} satisfies Meta<typeof AppearanceSection>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Edit Profile's section: the switch is named by the heading. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Appearance' })).toBeInTheDocument();
    await expect(canvas.getByRole('radiogroup', { name: 'Appearance' })).toBeInTheDocument();
    await expect(canvas.getByRole('radio', { name: 'System' })).toBeChecked();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { value: 'dark' },
};

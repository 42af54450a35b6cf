import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Logo } from './Logo.tsx';

const meta = {
  title: 'Primitives/Logo',
  component: Logo,
  args: { variant: 'full', size: 'md' },
  argTypes: {
    variant: { control: 'inline-radio', options: ['mark', 'wordmark', 'full'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg', 'xl'] },
  },
} satisfies Meta<typeof Logo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Mark and wordmark together: the sidebar and the auth screens. */
export const Full: Story = {
  args: { size: 'xl' },
  play: async ({ canvas }) => {
    const logo = canvas.getByRole('img', { name: 'Pitlane' });
    await expect(logo.getBoundingClientRect().height).toBe(64);
  },
};

export const Variants: Story = {
  render: (args) => (
    <div className="flex flex-wrap items-center gap-8">
      <Logo {...args} variant="mark" />
      <Logo {...args} variant="wordmark" />
      <Logo {...args} variant="full" />
    </div>
  ),
  args: { size: 'lg' },
  play: async ({ canvas }) => {
    // Every variant carries the product's name for assistive technology.
    await expect(canvas.getAllByRole('img', { name: 'Pitlane' })).toHaveLength(3);
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div className="flex flex-col items-start gap-4">
      {(['sm', 'md', 'lg', 'xl'] as const).map((size) => (
        <div key={size} className="flex items-center gap-6">
          <Logo {...args} size={size} variant="mark" />
          <Logo {...args} size={size} variant="full" />
        </div>
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    const heights = canvas.getAllByRole('img', { name: 'Pitlane' }).map((logo) => logo.getBoundingClientRect().height);
    await expect(heights).toEqual([24, 24, 32, 32, 48, 48, 64, 64]);
  },
};

/** The wordmark takes the text colour, so it reads on a dark ground too. */
export const OnDark: Story = {
  args: { size: 'lg' },
  render: (args) => (
    <div className="inline-flex items-center gap-8 rounded-lg bg-asphalt p-6 text-white">
      <Logo {...args} variant="full" />
      <Logo {...args} variant="wordmark" />
    </div>
  ),
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { SuggestionListSkeleton } from './SuggestionListSkeleton.tsx';

const meta = {
  title: 'Widgets/SuggestionListSkeleton',
  component: SuggestionListSkeleton,
  decorators: [(Story) => <div className="w-full md:w-[300px]">{<Story />}</div>],
} satisfies Meta<typeof SuggestionListSkeleton>;
export default meta;
type Story = StoryObj<typeof meta>;

const items = (root: HTMLElement) => root.querySelectorAll('[data-slot="suggestion-skeleton-item"]');

/** Three rows by default (spec §9), announced once as "Loading suggestions". */
export const Default: Story = {
  play: async ({ canvas }) => {
    const status = canvas.getByRole('status', { name: 'Loading suggestions' });
    await expect(status).toHaveAttribute('aria-busy', 'true');
    await expect(items(status)).toHaveLength(3);
  },
};

/** The suggestions panel asks for five. */
export const FiveItems: Story = {
  args: { count: 5 },
  play: async ({ canvas }) => {
    await expect(items(canvas.getByRole('status'))).toHaveLength(5);
  },
};

/** On a phone. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    const row = items(canvas.getByRole('status'))[0] as HTMLElement;
    await expect(row.getBoundingClientRect().width).toBeGreaterThan(300);
  },
};

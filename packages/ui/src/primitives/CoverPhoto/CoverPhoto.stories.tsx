import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { CalendarDays, CarFront } from 'lucide-react';
import { carImage } from '@pitlane/api/mocks';
import { CoverPhoto } from './CoverPhoto.tsx';

const meta = {
  title: 'Primitives/CoverPhoto',
  component: CoverPhoto,
  args: {
    src: carImage({ seed: 'cover-photo', shape: 'coupe' }),
    alt: 'Red coupe on a mountain pass at dusk',
    icon: CarFront,
    iconClassName: 'size-1/3 max-h-16 max-w-16',
    className: 'aspect-[3/2] w-72 rounded-md',
    slot: 'car-cover',
  },
} satisfies Meta<typeof CoverPhoto>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A car's cover: the photo fills the box and is named by its description. */
export const Photo: Story = {
  play: async ({ canvas }) => {
    const photo = canvas.getByRole('img', { name: 'Red coupe on a mountain pass at dusk' });
    await expect(photo).toHaveAttribute('data-slot', 'car-cover');
    await expect(photo).toHaveAttribute('loading', 'lazy');
  },
};

/** The page's main picture loads at once and first. */
export const Priority: Story = {
  args: { priority: true },
  play: async ({ canvas }) => {
    const photo = canvas.getByRole('img');
    await expect(photo).toHaveAttribute('loading', 'eager');
    await expect(photo).toHaveAttribute('fetchpriority', 'high');
  },
};

/** No cover: a quiet placeholder of the same shape with the thing drawn in it, hidden from screen readers. */
export const Placeholder: Story = {
  args: { src: null, alt: '', icon: CalendarDays, slot: 'meet-cover' },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.queryByRole('img')).toBeNull();
    const placeholder = canvasElement.querySelector('[data-slot="meet-cover"]')!;
    await expect(placeholder).toHaveAttribute('data-placeholder');
    await expect(placeholder).toHaveAttribute('aria-hidden', 'true');
    await expect(placeholder.getBoundingClientRect().width).toBe(288);
  },
};

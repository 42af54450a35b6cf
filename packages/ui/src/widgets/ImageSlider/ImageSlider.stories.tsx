import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { http, HttpResponse } from 'msw';
import { postImageSrcSet } from '@pitlane/api/contract';
import { carImage } from '@pitlane/api/mocks';
import { ImageSlider } from './ImageSlider.tsx';

const five = [
  carImage({ seed: 'slider:0', shape: 'coupe' }),
  carImage({ seed: 'slider:1', shape: 'roadster' }),
  carImage({ seed: 'slider:2', shape: 'suv' }),
  carImage({ seed: 'slider:3', shape: 'coupe' }),
  carImage({ seed: 'slider:4', shape: 'roadster' }),
];

const meta = {
  title: 'Widgets/ImageSlider',
  component: ImageSlider,
  args: { images: five, label: 'AE86 on fresh coilovers' },
  decorators: [(Story) => <div className="mx-auto max-w-[600px]"><Story /></div>],
} satisfies Meta<typeof ImageSlider>;
export default meta;
type Story = StoryObj<typeof meta>;

const slider = (canvasElement: HTMLElement) => canvasElement.querySelector<HTMLElement>('[data-slot="image-slider"]')!;
/** The image on show, once it has decoded (so the screenshot has it). */
async function shownImage(canvasElement: HTMLElement, name: string) {
  const image = await within(slider(canvasElement)).findByRole('img', { name });
  await waitFor(() => expect(image).toSatisfy((img: HTMLImageElement) => img.complete && img.naturalWidth > 0));
  return image;
}
function swipe(element: Element, fromX: number, toX: number) {
  const { top, height } = element.getBoundingClientRect();
  const y = top + height / 2;
  const options = { bubbles: true, pointerType: 'touch', isPrimary: true, pointerId: 1 };
  element.dispatchEvent(new PointerEvent('pointerdown', { ...options, clientX: fromX, clientY: y }));
  element.dispatchEvent(new PointerEvent('pointermove', { ...options, clientX: toX, clientY: y }));
  element.dispatchEvent(new PointerEvent('pointerup', { ...options, clientX: toX, clientY: y }));
}

/**
 * One image shows alone: no arrows, no dots, nothing to focus; the box is 400 px tall. A data URL
 * (the mock backend's pictures) has one size: no srcset, and so no sizes either.
 */
export const SingleImage: Story = {
  args: { images: [five[0]!], label: '911 SC back from the paint shop', sizes: '600px' },
  play: async ({ canvasElement }) => {
    const image = await shownImage(canvasElement, '911 SC back from the paint shop');
    await expect(image).not.toHaveAttribute('srcset');
    await expect(image).not.toHaveAttribute('sizes');
    const region = slider(canvasElement);
    await expect(region).toHaveAccessibleName('911 SC back from the paint shop');
    await expect(within(region).queryByRole('button')).not.toBeInTheDocument();
    await expect(region).not.toHaveAttribute('tabindex');
    await expect(region.getBoundingClientRect().height).toBe(400);
  },
};

/** Five images: arrows wrap around both ways, and a dot jumps straight to its image. */
export const FiveImages: Story = {
  play: async ({ canvasElement, userEvent }) => {
    const region = slider(canvasElement);
    const view = within(region);
    await shownImage(canvasElement, 'AE86 on fresh coilovers, image 1 of 5');
    await expect(view.getByRole('button', { name: 'Image 1 of 5' })).toHaveAttribute('aria-current', 'true');

    await userEvent.click(view.getByRole('button', { name: 'Previous image' }));
    await shownImage(canvasElement, 'AE86 on fresh coilovers, image 5 of 5');
    await userEvent.click(view.getByRole('button', { name: 'Next image' }));
    await shownImage(canvasElement, 'AE86 on fresh coilovers, image 1 of 5');

    await userEvent.click(view.getByRole('button', { name: 'Image 3 of 5' }));
    await shownImage(canvasElement, 'AE86 on fresh coilovers, image 3 of 5');
    await expect(view.getByRole('button', { name: 'Image 3 of 5' })).toHaveAttribute('aria-current', 'true');
    await expect(view.getByRole('button', { name: 'Image 1 of 5' })).not.toHaveAttribute('aria-current');
    // Only the image on show is in the accessibility tree.
    await expect(view.getAllByRole('img')).toHaveLength(1);
    await expect(region.getBoundingClientRect().height).toBe(400);
  },
};

/** With focus inside the slider the left and right arrow keys page through it, wrapping too. */
export const KeyboardArrows: Story = {
  play: async ({ canvasElement, userEvent }) => {
    await userEvent.tab();
    await expect(slider(canvasElement)).toHaveFocus();
    // A visible focus ring, drawn inside the slider so a clipping card cannot hide it.
    const ring = slider(canvasElement).querySelector(':scope > [aria-hidden]:not([role])')!;
    await expect(getComputedStyle(ring).display).toBe('block');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await shownImage(canvasElement, 'AE86 on fresh coilovers, image 3 of 5');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    await shownImage(canvasElement, 'AE86 on fresh coilovers, image 5 of 5');
  },
};

/** A swipe changes the image only past the 40 px threshold (spec §9); left is next, right is previous. */
export const TouchSwipe: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    const region = slider(canvasElement);
    swipe(region, 250, 215); // 35 px: not a swipe
    await shownImage(canvasElement, 'AE86 on fresh coilovers, image 1 of 5');
    swipe(region, 250, 190); // 60 px to the left: next
    await shownImage(canvasElement, 'AE86 on fresh coilovers, image 2 of 5');
    swipe(region, 100, 160); // 60 px to the right: previous
    await shownImage(canvasElement, 'AE86 on fresh coilovers, image 1 of 5');
    swipe(region, 100, 160); // and it wraps
    await shownImage(canvasElement, 'AE86 on fresh coilovers, image 5 of 5');
  },
};

/** A slider further down a page: every image is lazy, fetched when it is about to show. */
export const LazyLoading: Story = {
  play: async ({ canvasElement }) => {
    const images = [...slider(canvasElement).querySelectorAll('img')];
    await expect(images.map((img) => img.loading)).toEqual(['lazy', 'lazy', 'lazy', 'lazy', 'lazy']);
    await expect(images.filter((img) => img.hasAttribute('fetchpriority'))).toEqual([]);
    await shownImage(canvasElement, 'AE86 on fresh coilovers, image 1 of 5');
  },
};

/** The page's main picture (`priority`): the first image loads at once, ahead of the rest; later slides stay lazy. */
export const Priority: Story = {
  args: { priority: true },
  play: async ({ canvasElement }) => {
    const images = [...slider(canvasElement).querySelectorAll('img')];
    await expect(images.map((img) => img.loading)).toEqual(['eager', 'lazy', 'lazy', 'lazy', 'lazy']);
    await expect(images.map((img) => img.getAttribute('fetchpriority'))).toEqual(['high', null, null, null, null]);
    await expect(images.every((img) => img.decoding === 'async')).toBe(true);
    await shownImage(canvasElement, 'AE86 on fresh coilovers, image 1 of 5');
  },
};

// A stored post image as the server names it; its sizes are served here by the mock below.
const storedUrl = '/media/posts/0123456789abcdef0123456789abcdef-full.webp';
const storedPicture = (() => {
  const url = carImage({ seed: 'slider:stored', shape: 'suv' });
  return decodeURIComponent(url.slice(url.indexOf(',') + 1));
})();

/**
 * A stored image comes in three widths (`srcSet`); with the slider's `sizes` the browser fetches
 * the smallest that fills the slot: the 800 px card size for this 600 px slider at 1×.
 */
export const StoredSizes: Story = {
  args: { images: [{ url: storedUrl, srcSet: postImageSrcSet(storedUrl) }], label: 'Defender at the pass', sizes: '600px', priority: true },
  beforeEach: ({ msw }) => {
    msw.use(http.get('*/media/posts/:file', () => HttpResponse.text(storedPicture, { headers: { 'content-type': 'image/svg+xml' } })));
  },
  play: async ({ canvasElement }) => {
    const image = (await shownImage(canvasElement, 'Defender at the pass')) as HTMLImageElement;
    await expect(image).toHaveAttribute('sizes', '600px');
    await expect(image.getAttribute('srcset')).toContain('-card.webp 800w');
    await expect(new URL(image.currentSrc).pathname).toBe(storedUrl.replace('-full.webp', '-card.webp'));
  },
};

/**
 * Space is reserved before anything loads: an image that never arrives still leaves the
 * 400 px box (with its stored size passed on), so the text below never jumps.
 */
export const ReservedWhileLoading: Story = {
  args: { images: [{ url: '/media/never-arrives.jpg', width: 1200, height: 800 }], label: 'Spa track day recap' },
  beforeEach: ({ msw }) => {
    msw.use(http.get('*/media/never-arrives.jpg', () => new Promise<never>(() => undefined)));
  },
  render: (args) => (
    <div>
      <ImageSlider {...args} />
      <p className="pt-2 text-sm">Text below the slider</p>
    </div>
  ),
  play: async ({ canvasElement, canvas }) => {
    const region = slider(canvasElement);
    await expect(region.getBoundingClientRect().height).toBe(400);
    const img = within(region).getByRole('img', { name: 'Spa track day recap' });
    await expect(img).toHaveAttribute('width', '1200');
    await expect(img).toHaveAttribute('height', '800');
    await expect(canvas.getByText('Text below the slider').getBoundingClientRect().top - region.getBoundingClientRect().top).toBe(400);
  },
};

/** At 375 px the slider fills the width and keeps the 400 px height. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    await shownImage(canvasElement, 'AE86 on fresh coilovers, image 1 of 5');
    const box = slider(canvasElement).getBoundingClientRect();
    await expect([box.width, box.height]).toEqual([343, 400]);
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { FullScreenSpinner, Spinner, SPINNER_LOOP_SECONDS } from './Spinner.tsx';

const meta = {
  title: 'Primitives/Spinner',
  component: Spinner,
  args: { label: 'Loading' },
} satisfies Meta<typeof Spinner>;
export default meta;
type Story = StoryObj<typeof meta>;

const mobile = { viewport: { value: 'mobile', isRotated: false } };

/** Desktop: 150 px high; one loop is 139 frames at 46 fps. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const status = canvas.getByRole('status', { name: 'Loading' });
    await expect(status.getBoundingClientRect().height).toBe(150);
    await expect(status.style.getPropertyValue('--pl-car-loop')).toBe(`${SPINNER_LOOP_SECONDS}s`);
    await expect(SPINNER_LOOP_SECONDS).toBeCloseTo(3.02, 2);
    // The keyframes are installed and drive the wheels (tests freeze them at the resting pose).
    const wheel = status.querySelector('.pl-car-wheel')!;
    await expect(getComputedStyle(wheel).animationName).toBe('pl-car-wheel');
    await expect(getComputedStyle(wheel).animationIterationCount).toBe('infinite');
  },
};

/** Mobile (< 768 px): 100 px high. */
export const Mobile: Story = {
  globals: mobile,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading' }).getBoundingClientRect().height).toBe(100);
  },
};

/** The label names the status for screen readers; nothing visible changes. */
export const CustomLabel: Story = {
  args: { label: 'Loading posts' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading posts' })).toBeInTheDocument();
  },
};

/** App start (spec §2): the spinner centred in an otherwise empty viewport while the session is checked. */
export const FullScreen: Story = {
  render: (args) => <FullScreenSpinner {...args} />,
  play: async () => {
    const status = within(document.body).getByRole('status', { name: 'Loading' });
    const box = status.getBoundingClientRect();
    // Centred in the 1280 × 800 viewport.
    await expect(box.left + box.width / 2).toBeCloseTo(640, 0);
    await expect(box.top + box.height / 2).toBeCloseTo(400, 0);
  },
};

export const FullScreenMobile: Story = {
  ...FullScreen,
  globals: mobile,
  play: async () => {
    const box = within(document.body).getByRole('status', { name: 'Loading' }).getBoundingClientRect();
    await expect(box.height).toBe(100);
    await expect(box.left + box.width / 2).toBeCloseTo(375 / 2, 0);
  },
};

/** Logout (spec §2): a blurred overlay with the spinner covers the page, which stays faintly visible. */
export const LogoutOverlay: Story = {
  args: { label: 'Logging out' },
  render: (args) => (
    <>
      <main className="space-y-3 p-4">
        <h1 className="text-2xl font-bold">My Feed</h1>
        <p className="text-muted-foreground">Sunday meet at the old airfield: 40 cars, one very loud Alfa.</p>
        <button type="button" className="rounded-md bg-accent px-4 py-2 font-semibold text-accent-foreground">
          Create Post
        </button>
      </main>
      <FullScreenSpinner variant="overlay" label={args.label} />
    </>
  ),
  play: async () => {
    const body = within(document.body);
    const overlay = body.getByRole('status', { name: 'Logging out' }).parentElement!;
    const style = getComputedStyle(overlay);
    await expect(style.position).toBe('fixed');
    await expect(style.zIndex).toBe('3000');
    await expect(style.backdropFilter).toContain('blur');
    // The page underneath cannot be clicked while logging out.
    const button = body.getByRole('button', { name: 'Create Post' });
    const { x, y, width, height } = button.getBoundingClientRect();
    await expect(document.elementFromPoint(x + width / 2, y + height / 2)).not.toBe(button);
  },
};

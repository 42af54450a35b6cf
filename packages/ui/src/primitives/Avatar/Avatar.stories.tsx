import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { Avatar } from './Avatar.tsx';

// Our own artwork (no downloads): a red coupe at dusk, drawn as SVG.
const carPhoto = `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#f4a259"/><stop offset="1" stop-color="#5b616b"/>
    </linearGradient></defs>
    <rect width="96" height="96" fill="url(#sky)"/>
    <rect y="66" width="96" height="30" fill="#2a2e33"/>
    <path d="M10 66q1-11 15-13l10-11q4-4 12-4h12q8 0 13 6l7 9q12 2 12 13z" fill="#c8102e"/>
    <path d="M38 44h9v9H30zM51 44h8q4 0 7 4l3 5H51z" fill="#e4e6e9"/>
    <circle cx="28" cy="67" r="8" fill="#111315"/><circle cx="70" cy="67" r="8" fill="#111315"/>
  </svg>`,
)}`;
// Not a decodable image: the browser fails it, as it would a deleted upload.
const brokenPhoto = 'data:image/png;base64,bm90IGFuIGltYWdl';

/** Resolves once the browser has given up on `src`, so the avatar has certainly done so too. */
function failedToLoad(src: string) {
  return new Promise<void>((resolve) => {
    const image = new Image();
    image.onerror = () => resolve();
    image.src = src;
  });
}

const meta = {
  title: 'Primitives/Avatar',
  component: Avatar,
  args: { name: 'Maya Fischer', src: carPhoto, size: 'lg' },
  argTypes: { size: { control: 'inline-radio', options: ['xs', 'sm', 'md', 'lg', 'xl'] } },
  } satisfies Meta<typeof Avatar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithImage: Story = {
  play: async ({ canvas }) => {
    // The picture replaces the initials once it has loaded; its alt text is the person's name.
    await waitFor(() => expect(canvas.getByRole('img', { name: 'Maya Fischer' }).tagName).toBe('IMG'));
    await expect(canvas.queryByText('MF')).not.toBeInTheDocument();
  },
};

/** No profile picture: initials from the full name, named like the picture would be. */
export const Fallback: Story = {
  args: { src: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('MF')).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'Maya Fischer' })).toHaveTextContent('MF');
  },
};

/** A picture that fails to load falls back to the initials instead of a broken-image icon. */
export const BrokenImage: Story = {
  args: { src: brokenPhoto },
  play: async ({ canvas, canvasElement }) => {
    await failedToLoad(brokenPhoto);
    // The avatar's own picture fails beside the probe: its initials come with the next render.
    await waitFor(() => expect(canvas.getByText('MF')).toBeVisible());
    await expect(canvasElement.querySelector('img')).toBeNull();
  },
};

/** Initials take the first letters of the first and last names, in capitals. */
export const Initials: Story = {
  args: { src: null },
  render: (args) => (
    <ul className="flex gap-3">
      {['Maya Fischer', 'maya', 'Jean-Luc Picard', 'Ana María de la Cruz', '  Kenji   Sato  ', 'Ōtomo Katsuhiro'].map((name) => (
        <li key={name}><Avatar {...args} name={name} /></li>
      ))}
    </ul>
  ),
  play: async ({ canvas }) => {
    const initials = canvas.getAllByRole('img').map((avatar) => avatar.textContent);
    await expect(initials).toEqual(['MF', 'M', 'JP', 'AC', 'KS', 'ŌK']);
  },
};

/** xs 24, sm 32, md 40, lg 64, xl 96 px; round; the initials scale with the circle. */
export const Sizes: Story = {
  render: (args) => (
    <div className="grid gap-4">
      {[args.src, null].map((src) => (
        <div key={String(src)} className="flex items-end gap-3">
          {(['xs', 'sm', 'md', 'lg', 'xl'] as const).map((size) => (
            <Avatar key={size} {...args} src={src} size={size} />
          ))}
        </div>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('img')).toHaveLength(5));
    const avatars = [...canvasElement.querySelectorAll('[data-slot="avatar"]')];
    const sides = avatars.map((avatar) => avatar.getBoundingClientRect().width);
    await expect(sides).toEqual([24, 32, 40, 64, 96, 24, 32, 40, 64, 96]);
  },
};

/** Beside the printed name, `alt=""` keeps a screen reader from reading the name twice. */
export const Decorative: Story = {
  args: { alt: '', size: 'md' },
  render: (args) => (
    <div className="flex items-center gap-3">
      <Avatar {...args} />
      <span className="font-semibold">Maya Fischer</span>
      <Avatar {...args} src={null} />
      <span className="font-semibold">Maya Fischer</span>
    </div>
  ),
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('img')).not.toBeNull());
    await expect(canvas.queryByRole('img')).not.toBeInTheDocument();
    await expect(canvas.getByText('MF')).toBeVisible();
  },
};

/** The profile header on a phone: the largest size, centred over the name. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { size: 'xl' },
  render: (args) => (
    <div className="flex flex-col items-center gap-2">
      <Avatar {...args} />
      <p className="text-lg font-semibold">{args.name}</p>
      <p className="text-sm text-muted-foreground">@maya_f</p>
    </div>
  ),
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByRole('img', { name: 'Maya Fischer' }).tagName).toBe('IMG'));
  },
};

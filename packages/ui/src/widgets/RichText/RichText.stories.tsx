import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { RichText } from './RichText.tsx';

const meta = {
  title: 'Widgets/RichText',
  component: RichText,
  args: { className: 'text-sm' },
  decorators: [(Story) => <div className="max-w-[600px]">{<Story />}</div>],
} satisfies Meta<typeof RichText>;
export default meta;
type Story = StoryObj<typeof meta>;

const WITH_LINKS = 'Great #TrackDay at the Ring with @kenji.tanaka and @maya.\nMail me@example.com, no C# talk.';

const mobile = { viewport: { value: 'mobile', isRotated: false } };

/** Words only: the text as written, line breaks kept, no links. */
export const Plain: Story = {
  args: { text: 'Fresh brake fluid and new pads.\nReady for Sunday.' },
  play: async ({ canvasElement, canvas }) => {
    const text = canvasElement.querySelector('[data-slot="rich-text"]')!;
    await expect(text.textContent).toBe('Fresh brake fluid and new pads.\nReady for Sunday.');
    await expect(canvas.queryByRole('link')).not.toBeInTheDocument();
  },
};

/**
 * `@username` links to the profile, `#tag` to the tag's page (lower case, as tags are stored); an
 * e-mail address, `C#` and a sentence's full stop after a name stay plain text.
 */
export const WithLinks: Story = {
  args: { text: WITH_LINKS },
  play: async ({ canvasElement, canvas }) => {
    await expect(canvas.getByRole('link', { name: '#TrackDay' })).toHaveAttribute('href', '/tags/trackday');
    await expect(canvas.getByRole('link', { name: '@kenji.tanaka' })).toHaveAttribute('href', '/profile/kenji.tanaka');
    await expect(canvas.getByRole('link', { name: '@maya' })).toHaveAttribute('href', '/profile/maya');
    await expect(canvas.getAllByRole('link')).toHaveLength(3);
    // Joined, the pieces are the text: nothing is lost or added around the links.
    await expect(canvasElement.querySelector('[data-slot="rich-text"]')!.textContent).toBe(WITH_LINKS);
  },
};

/** A long text with a long unbroken word and a long tag wraps inside its column. */
export const LongText: Story = {
  args: {
    text:
      'Twelve hours in the garage today: suspension refresh, corner balancing and an alignment that finally feels right on the back roads. ' +
      '#suspensionrefreshweekendwithfriendsandcoffee Thanks @kenji.tanaka for the torque wrench!\n\n' +
      'Part numbers: 4A0-407-151-A_4A0-407-151-B_4A0-407-151-C_4A0-407-151-D',
  },
  play: async ({ canvasElement, canvas }) => {
    const text = canvasElement.querySelector<HTMLElement>('[data-slot="rich-text"]')!;
    await expect(text.scrollWidth).toBeLessThanOrEqual(text.clientWidth);
    await expect(canvas.getByRole('link', { name: '#suspensionrefreshweekendwithfriendsandcoffee' })).toHaveAttribute(
      'href',
      '/tags/suspensionrefreshweekendwithfriendsandcoffee',
    );
  },
};

export const LongTextMobile: Story = { ...LongText, globals: mobile };

export const WithLinksMobile: Story = { ...WithLinks, globals: mobile };

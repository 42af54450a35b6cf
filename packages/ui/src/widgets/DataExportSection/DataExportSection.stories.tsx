import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { FALLBACK_MESSAGES, REFUSAL_MESSAGES } from '@pitlane/api/contract';
import type { DownloadedFile } from '@pitlane/api/client';
import { failRoute, FIXTURE, fixtures, mockApi, neverRespond } from '@pitlane/api/mocks';
import { DataExportSection } from './DataExportSection.tsx';

const mobile = { globals: { viewport: { value: 'mobile', isRotated: false } } } as const;

const meta = {
  title: 'Widgets/DataExportSection',
  component: DataExportSection,
  parameters: { session: true },
  args: { save: fn() },
  beforeEach: mockApi(),
  decorators: [
    (Story) => (
      <div className="max-w-xl">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof DataExportSection>;
export default meta;
type Story = StoryObj<typeof meta>;

/** What the section says before anything is asked. */
export const Ready: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Your data' })).toBeVisible();
    await expect(canvas.getByText(/Download a copy of your profile, posts with their photos, comments, follows, communities/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Download my data' })).toBeVisible();
  },
};
export const ReadyMobile: Story = { ...Ready, ...mobile };

/** Pressed: the zip arrives under the server's name for it and is handed over to be saved. */
export const Downloaded: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Download my data' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent('Your data has been downloaded.');
    await waitFor(() => expect(args.save).toHaveBeenCalledTimes(1));
    const file = (args.save as ReturnType<typeof fn>).mock.calls[0]![0] as DownloadedFile;
    await expect(file.fileName).toMatch(new RegExp(`^pitlane-${FIXTURE.viewer.replace('.', '\\.')}-\\d{4}-\\d\\d-\\d\\d\\.zip$`));
    await expect(file.blob.type).toBe('application/zip');
    // A zip starts with its first entry's signature, "PK\x03\x04".
    await expect([...new Uint8Array(await file.blob.slice(0, 4).arrayBuffer())]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};
export const DownloadedMobile: Story = { ...Downloaded, ...mobile };

/** While the server prepares the zip: the button says so and does nothing more when pressed. */
export const Preparing: Story = {
  beforeEach: mockApi(fixtures.standard, neverRespond('users.export')),
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Download my data' }));
    const button = canvas.getByRole('button', { name: /Preparing your data/ });
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await expect(canvas.getByText('Preparing your data...')).toBeVisible();
    await expect(args.save).not.toHaveBeenCalled();
  },
};
export const PreparingMobile: Story = { ...Preparing, ...mobile };

/** Asked again within the minute: the server's sentence, and nothing saved the second time. */
export const TooSoon: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const button = canvas.getByRole('button', { name: 'Download my data' });
    await userEvent.click(button);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Your data has been downloaded.');
    await userEvent.click(button);
    await expect(await canvas.findByText(REFUSAL_MESSAGES.dataExportTooSoon)).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent(REFUSAL_MESSAGES.dataExportTooSoon);
    await expect(canvas.queryByRole('status')).not.toBeInTheDocument();
    await expect(args.save).toHaveBeenCalledTimes(1);
  },
};
export const TooSoonMobile: Story = { ...TooSoon, ...mobile };

/** The server failed without a sentence: the section's own. */
export const Failed: Story = {
  beforeEach: mockApi(fixtures.standard, failRoute('users.export', 500, '')),
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Download my data' }));
    await expect(await canvas.findByText(FALLBACK_MESSAGES.dataExportFailed)).toBeVisible();
    await expect(args.save).not.toHaveBeenCalled();
  },
};
export const FailedMobile: Story = { ...Failed, ...mobile };

import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { FALLBACK_MESSAGES, MAX_REPORT_DETAILS_LENGTH, REFUSAL_MESSAGES, REPORT_REASON_LABELS, SUCCESS_MESSAGES, type ReportTargetKind } from '@pitlane/api/contract';
import { failRoute, FIXTURE, neverRespond } from '@pitlane/api/mocks';
import { Button } from '../../primitives/Button/Button.tsx';
import { standardBackend, storyBackend } from '../PostCard/post-stories.tsx';
import { ReportDialog } from './ReportDialog.tsx';

/** The dialog behind the button that opens it, as a card's or a profile's menu has it. */
function ReportButton({ kind, targetId, subject }: { kind: ReportTargetKind; targetId: string; subject: string }) {
  const [open, setOpen] = React.useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Open the report
      </Button>
      <ReportDialog kind={kind} targetId={targetId} subject={subject} open={open} onOpenChange={setOpen} />
    </>
  );
}

const meta = {
  title: 'Widgets/ReportDialog',
  component: ReportButton,
  // Maya (the viewer) reports Lena's post.
  args: { kind: 'post', targetId: FIXTURE.posts.others, subject: 'this post' },
  parameters: { session: true },
  beforeEach: ({ msw }) => {
    standardBackend(msw);
  },
} satisfies Meta<typeof ReportButton>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);
const mobile = { viewport: { value: 'mobile', isRotated: false } };
const reasons = Object.values(REPORT_REASON_LABELS);

type Canvas = ReturnType<typeof within>;
type UserEvent = { click: (element: Element) => Promise<void>; keyboard: (text: string) => Promise<void> };

/**
 * An arrow key pressed as a person presses it: Radix moves the focus a tick after the key goes
 * down and chooses the option only while the key is still down, which a same-tick release misses.
 */
async function holdArrow(userEvent: UserEvent, key: string, next: HTMLElement) {
  await userEvent.keyboard(`{${key}>}`);
  await waitFor(() => expect(next).toHaveFocus());
  await userEvent.keyboard(`{/${key}}`);
}

async function openDialog(canvas: Canvas, userEvent: UserEvent, name = 'Report this post') {
  await userEvent.click(canvas.getByRole('button', { name: 'Open the report' }));
  return within(await body.findByRole('dialog', { name }));
}

/** Maya's reports in the fake backend (none before Send report). */
const reports = () => (storyBackend.state.reports ?? []).filter((report) => report.reporterId === FIXTURE.users.maya);

/**
 * Opened: "Report this post", the question naming the group of the five reasons (none chosen),
 * the optional details with their 0 / 500 counter, Cancel and Send report. The focus starts on
 * the first reason.
 */
export const Open: Story = {
  play: async ({ canvas, userEvent }) => {
    const dialog = await openDialog(canvas, userEvent);
    await expect(body.getByRole('dialog')).toHaveAccessibleDescription('Why are you reporting this post?');
    const group = dialog.getByRole('radiogroup', { name: 'Why are you reporting this post?' });
    const radios = within(group).getAllByRole('radio');
    await expect(radios.map((radio) => (radio as HTMLButtonElement).labels[0]?.textContent)).toEqual(reasons);
    for (const radio of radios) await expect(radio).not.toBeChecked();
    await expect(radios[0]).toHaveFocus();
    await expect(dialog.getByRole('textbox', { name: 'Details (optional)' })).toHaveAccessibleDescription(`0 / ${MAX_REPORT_DETAILS_LENGTH} characters`);
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    await expect(dialog.getByRole('button', { name: 'Send report' })).toBeEnabled();
  },
};

/** At 375 px: the buttons stack, Send report on top. */
export const OpenMobile: Story = { ...Open, globals: mobile };

/** Reporting a person: the title and the question name them. */
export const ReportPerson: Story = {
  args: { kind: 'user', targetId: FIXTURE.users.lena, subject: '@lena.restomod' },
  play: async ({ canvas, userEvent }) => {
    const dialog = await openDialog(canvas, userEvent, 'Report @lena.restomod');
    await expect(dialog.getByRole('radiogroup', { name: 'Why are you reporting @lena.restomod?' })).toBeInTheDocument();
  },
};

/** Send report without a reason: the contract's message under the reasons, and the focus on them. Nothing is sent. */
export const ReasonRequired: Story = {
  play: async ({ canvas, userEvent }) => {
    const dialog = await openDialog(canvas, userEvent);
    await userEvent.click(dialog.getByRole('button', { name: 'Send report' }));
    const group = dialog.getByRole('radiogroup');
    await expect(group).toHaveAccessibleDescription(REFUSAL_MESSAGES.reportReasonRequired);
    await expect(group).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText(REFUSAL_MESSAGES.reportReasonRequired)).toBeVisible();
    await expect(dialog.getByRole('radio', { name: 'Spam' })).toHaveFocus();
    await expect(reports()).toHaveLength(0);
  },
};

/**
 * "Something else" needs the reporter's words: the field says so and takes the focus. (Choosing
 * a reason first clears the message that asked for one.)
 */
export const DetailsRequiredForOther: Story = {
  play: async ({ canvas, userEvent }) => {
    const dialog = await openDialog(canvas, userEvent);
    await userEvent.click(dialog.getByRole('button', { name: 'Send report' }));
    const group = dialog.getByRole('radiogroup');
    await expect(group).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(dialog.getByText('Something else'));
    await expect(group).not.toHaveAttribute('aria-invalid');
    await expect(dialog.queryByText(REFUSAL_MESSAGES.reportReasonRequired)).not.toBeInTheDocument();
    const details = dialog.getByRole('textbox', { name: 'Details' });
    await expect(details).toBeRequired();
    await userEvent.click(dialog.getByRole('button', { name: 'Send report' }));
    await expect(details).toHaveAttribute('aria-invalid', 'true');
    await expect(details).toHaveAccessibleDescription(`${REFUSAL_MESSAGES.reportDetailsRequired} 0 / ${MAX_REPORT_DETAILS_LENGTH} characters`);
    await expect(details).toHaveFocus();
    await expect(reports()).toHaveLength(0);
  },
};

/**
 * All by keyboard: arrows choose "Stolen photo", Tab to the details, type, Enter on Send report.
 * The thanks replace the form (in the dialog's polite status) and the focus is on Done, which
 * closes the dialog and gives the focus back to the button that opened it. The report reached
 * the backend.
 */
export const Sent: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const dialog = await openDialog(canvas, userEvent);
    await holdArrow(userEvent, 'ArrowDown', dialog.getByRole('radio', { name: 'Harassment or hate' }));
    await holdArrow(userEvent, 'ArrowDown', dialog.getByRole('radio', { name: 'Stolen photo' }));
    await expect(dialog.getByRole('radio', { name: 'Stolen photo' })).toBeChecked();
    await userEvent.tab();
    await userEvent.keyboard('My photo from the Goodwood paddock, posted without asking.');
    await userEvent.tab();
    await userEvent.tab();
    await expect(dialog.getByRole('button', { name: 'Send report' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    const done = await dialog.findByRole('button', { name: 'Done' });
    await expect(dialog.getByRole('status')).toHaveTextContent(SUCCESS_MESSAGES.reportSent);
    await waitFor(() => expect(done).toHaveFocus());
    await expect(dialog.queryByRole('radiogroup')).not.toBeInTheDocument();
    await expect(reports()).toContainEqual(
      expect.objectContaining({ targetId: args.targetId, reason: 'stolen_photo', details: 'My photo from the Goodwood paddock, posted without asking.' }),
    );
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(canvas.getByRole('button', { name: 'Open the report' })).toHaveFocus();
    // A new opening starts empty.
    await userEvent.click(canvas.getByRole('button', { name: 'Open the report' }));
    const again = within(await body.findByRole('dialog', { name: 'Report this post' }));
    for (const radio of again.getAllByRole('radio')) await expect(radio).not.toBeChecked();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
    canvas.getByRole('button', { name: 'Open the report' }).blur();
  },
};

/** The thanks, for the screenshot: "Thanks for telling us…" and Done. */
export const Thanks: Story = {
  play: async ({ canvas, userEvent }) => {
    const dialog = await openDialog(canvas, userEvent);
    await userEvent.click(dialog.getByText('Spam'));
    await userEvent.click(dialog.getByRole('button', { name: 'Send report' }));
    const done = await dialog.findByRole('button', { name: 'Done' });
    await expect(dialog.getByRole('status')).toHaveTextContent(SUCCESS_MESSAGES.reportSent);
    await waitFor(() => expect(done).toHaveFocus());
  },
};

/** At 375 px. */
export const ThanksMobile: Story = { ...Thanks, globals: mobile };

/** Reported before: the server's 409 message shows in the dialog, which stays open to be cancelled. */
export const AlreadyReported: Story = {
  beforeEach: ({ msw }) => {
    msw.use(failRoute('reports.create', 409, REFUSAL_MESSAGES.alreadyReported));
  },
  play: async ({ canvas, userEvent }) => {
    const dialog = await openDialog(canvas, userEvent);
    await userEvent.click(dialog.getByText('Harassment or hate'));
    await userEvent.click(dialog.getByRole('button', { name: 'Send report' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(REFUSAL_MESSAGES.alreadyReported);
    await expect(dialog.getByRole('button', { name: 'Send report' })).toBeEnabled();
    await expect(dialog.queryByRole('button', { name: 'Done' })).not.toBeInTheDocument();
  },
};

/** A failure without a message: the fallback. */
export const FailsWithoutMessage: Story = {
  beforeEach: ({ msw }) => {
    msw.use(failRoute('reports.create', 500, ''));
  },
  play: async ({ canvas, userEvent }) => {
    const dialog = await openDialog(canvas, userEvent);
    await userEvent.click(dialog.getByText('Dangerous driving'));
    await userEvent.click(dialog.getByRole('button', { name: 'Send report' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(FALLBACK_MESSAGES.reportFailed);
  },
};

/** While it is sent: "Sending...", the form waits, and Escape does not close the dialog. */
export const Sending: Story = {
  beforeEach: ({ msw }) => {
    msw.use(neverRespond('reports.create'));
  },
  play: async ({ canvas, userEvent }) => {
    const dialog = await openDialog(canvas, userEvent);
    await userEvent.click(dialog.getByText('Spam'));
    await userEvent.click(dialog.getByRole('button', { name: 'Send report' }));
    await expect(await dialog.findByRole('button', { name: 'Sending...' })).toHaveAttribute('aria-disabled', 'true');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    for (const radio of dialog.getAllByRole('radio')) await expect(radio).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect(body.getByRole('dialog', { name: 'Report this post' })).toBeInTheDocument();
  },
};

/** Cancel closes it without sending, and the focus goes back to the opener. */
export const Cancel: Story = {
  play: async ({ canvas, userEvent }) => {
    const dialog = await openDialog(canvas, userEvent);
    await userEvent.click(dialog.getByText('Spam'));
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
    const opener = canvas.getByRole('button', { name: 'Open the report' });
    await expect(opener).toHaveFocus();
    await expect(reports()).toHaveLength(0);
    opener.blur();
  },
};

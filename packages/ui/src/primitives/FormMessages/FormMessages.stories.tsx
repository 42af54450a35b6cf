import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ErrorLine } from './ErrorLine.tsx';
import { FormMessages } from './FormMessages.tsx';

const danger = 'rgb(185, 28, 28)'; // --color-danger

const meta = {
  title: 'Primitives/FormMessages',
  component: FormMessages,
  decorators: [(Story) => <div className="flex max-w-sm flex-col gap-4"><Story /></div>],
} satisfies Meta<typeof FormMessages>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing to say: both lines stay in the DOM for the screen reader, and draw nothing. */
export const Empty: Story = {
  args: { error: null, success: null },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
    await expect(canvas.queryByRole('status')).not.toBeInTheDocument();
    await expect(canvasElement.querySelector('[data-slot="form-error"]')).toBeEmptyDOMElement();
    await expect(canvasElement.querySelector('[data-slot="form-success"]')).toBeEmptyDOMElement();
  },
};

/** A refusal: the red alert (spec §5, §8), the server's message or the form's own check. */
export const ErrorMessage: Story = {
  args: { error: 'Enter your e-mail address and password.' },
  play: async ({ canvas }) => {
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent('Enter your e-mail address and password.');
    await expect(getComputedStyle(alert).color).toBe(danger);
    // No success line on a form that has no success moment.
    await expect(canvas.queryByRole('status')).not.toBeInTheDocument();
  },
};

/** What went right, in green: "Registration successful! You can now log in.". */
export const SuccessMessage: Story = {
  args: { error: null, success: 'Registration successful! You can now log in.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Registration successful! You can now log in.');
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

/** Inside a page section (Edit Profile, Delete Account) both lines are medium weight. */
export const Emphasised: Story = {
  args: { error: 'Update failed.', emphasis: true },
  play: async ({ canvas }) => {
    await expect(getComputedStyle(canvas.getByRole('alert')).fontWeight).toBe('500');
  },
};

/**
 * ErrorLine: a form's refusal with its warning sign (the garage, meet and post forms, the photo
 * picker), drawn only while there is one; the caller makes it an alert.
 */
export const ErrorLineWithSign: Story = {
  args: { error: null },
  render: () => (
    <ErrorLine role="alert">The end must be after the start.</ErrorLine>
  ),
  play: async ({ canvas }) => {
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent('The end must be after the start.');
    await expect(getComputedStyle(alert).color).toBe(danger);
    await expect(alert.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  },
};

import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Input } from '../Input/Input.tsx';
import { Select } from '../Select/Select.tsx';
import { Textarea } from '../Textarea/Textarea.tsx';
import { Field } from './Field.tsx';

const success = 'rgb(21, 128, 61)'; // --color-success
const danger = 'rgb(185, 28, 28)'; // --color-danger

const meta = {
  title: 'Primitives/Field',
  component: Field,
  args: { label: 'Username', children: <Input defaultValue="maya_f" /> },
  decorators: [(Story) => <div className="max-w-sm"><Story /></div>],
} satisfies Meta<typeof Field>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No status yet: the label names the control, nothing else describes it. */
export const Empty: Story = {
  args: { children: <Input /> },
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Username' });
    await expect(input).not.toHaveAttribute('aria-describedby');
    await expect(input).not.toBeInvalid();
    // Clicking the label focuses the control: the label is wired to it with htmlFor/id.
    await userEvent.click(canvas.getByText('Username'));
    await expect(input).toHaveFocus();
  },
};

export const SuccessTone: Story = {
  args: { status: 'Available', tone: 'success' },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Username' });
    await expect(input).toHaveAccessibleDescription('Available');
    await expect(input).not.toBeInvalid();
    await expect(getComputedStyle(canvas.getByText('Available')).color).toBe(success);
  },
};

/** An error status also marks the control invalid, so its edge turns red too. */
export const ErrorTone: Story = {
  args: { status: 'Taken', tone: 'error', children: <Input defaultValue="maya" /> },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Username' });
    await expect(input).toHaveAccessibleDescription('Taken');
    await expect(input).toBeInvalid();
    await expect(getComputedStyle(canvas.getByText('Taken')).color).toBe(danger);
    await expect(getComputedStyle(input).borderTopColor).toBe(danger);
  },
};

export const NeutralTone: Story = {
  args: { status: 'Checking...', tone: 'neutral' },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Username' });
    await expect(input).toHaveAccessibleDescription('Checking...');
    await expect(input).not.toBeInvalid();
  },
};

/** A hint and a status both describe the control, hint first. */
export const WithHint: Story = {
  args: {
    label: 'New Password',
    hint: 'At least 8 characters with a lowercase and an uppercase letter, a digit and one of @$!%*?&.',
    status: 'Weak',
    tone: 'error',
    children: <Input type="password" defaultValue="porsche911" />,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('New Password')).toHaveAccessibleDescription(
      'At least 8 characters with a lowercase and an uppercase letter, a digit and one of @$!%*?&. Weak',
    );
  },
};

/** Every status of spec §5 in its tone. */
export const AllStatuses: Story = {
  render: () => (
    <div className="grid gap-4">
      <Field label="Username" status="Available" tone="success"><Input defaultValue="maya_f" /></Field>
      <Field label="Username" status="Taken" tone="error"><Input defaultValue="maya" /></Field>
      <Field label="Username" status="Error" tone="error"><Input defaultValue="maya.f" /></Field>
      <Field label="Email" status="Invalid format" tone="error"><Input type="email" defaultValue="maya@" /></Field>
      <Field label="Email" status="Registered" tone="error"><Input type="email" defaultValue="maya@example.com" /></Field>
      <Field label="Password" status="Strong" tone="success"><Input type="password" defaultValue="Sup3r$ecret" /></Field>
      <Field label="Password" status="Weak" tone="error"><Input type="password" defaultValue="secret" /></Field>
      <Field label="Full Name" status="Looks good" tone="success"><Input defaultValue="Maya Fischer" /></Field>
      <Field label="Full Name" status="Invalid name" tone="error"><Input defaultValue="M4ya" /></Field>
    </div>
  ),
  play: async ({ canvas }) => {
    const names = canvas.getAllByRole('textbox', { name: 'Full Name' });
    await expect(names[0]).toHaveAccessibleDescription('Looks good');
    await expect(names[1]).toHaveAccessibleDescription('Invalid name');
    await expect(names[1]).toBeInvalid();
    await expect(canvas.getAllByRole('textbox', { name: 'Email' })[1]).toHaveAccessibleDescription('Registered');
  },
};

/**
 * The register flow: on leaving the field the availability check runs and its result appears in
 * the status line, which is a polite live region and the control's description.
 */
export const CheckOnBlur: Story = {
  args: { label: 'Username', children: <Input /> },
  render: function Render(args) {
    const [status, setStatus] = React.useState<{ text: string; tone: 'success' | 'error' } | null>(null);
    return (
      <Field {...args} status={status?.text} tone={status?.tone}>
        <Input
          onFocus={() => setStatus(null)}
          onBlur={(event) =>
            setStatus(event.target.value === 'maya' ? { text: 'Taken', tone: 'error' } : { text: 'Available', tone: 'success' })
          }
        />
      </Field>
    );
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Username' });
    const status = canvasElement.querySelector('[aria-live="polite"]');
    await expect(status).toBeEmptyDOMElement();

    await userEvent.type(input, 'maya');
    await userEvent.tab();
    await expect(status).toHaveTextContent('Taken');
    await expect(input).toHaveAccessibleDescription('Taken');
    await expect(input).toBeInvalid();

    await userEvent.click(input);
    await userEvent.type(input, '_f');
    await userEvent.tab();
    await expect(status).toHaveTextContent('Available');
    await expect(input).toHaveAccessibleDescription('Available');
    await expect(input).not.toBeInvalid();
  },
};

/** With a counted Textarea: the hint and the live counter both describe it. */
export const WithTextarea: Story = {
  args: { label: 'Description', hint: 'Shown on the community card.', children: <Textarea maxLength={300} /> },
  play: async ({ canvas, userEvent }) => {
    const textarea = canvas.getByRole('textbox', { name: 'Description' });
    await expect(textarea).toHaveAccessibleDescription('Shown on the community card. 0 / 300 characters');
    await userEvent.type(textarea, 'JDM only.');
    await expect(textarea).toHaveAccessibleDescription('Shown on the community card. 9 / 300 characters');
  },
};

export const WithSelect: Story = {
  args: {
    label: 'Post to:',
    children: (
      <Select defaultValue="c1">
        <option value="">My Profile</option>
        <option value="c1">Air-Cooled Porsche Club</option>
      </Select>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Post to:' })).toHaveDisplayValue('Air-Cooled Porsche Club');
  },
};

export const Disabled: Story = {
  args: { label: 'Email', status: 'Registered', tone: 'error', children: <Input disabled defaultValue="maya@example.com" /> },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toBeDisabled();
  },
};

export const LongText: Story = {
  args: {
    label: 'Full Name as it appears on your racing licence and club membership card',
    status: 'Invalid name',
    tone: 'error',
    children: <Input defaultValue="Maximilian Alexander von Hohenzollern-Sigmaringen III" />,
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('textbox', { name: 'Full Name as it appears on your racing licence and club membership card' }),
    ).toHaveAccessibleDescription('Invalid name');
  },
};

/** On a phone the register form is one column at full width. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  render: () => (
    <form className="grid gap-4">
      <Field label="Full Name" status="Looks good" tone="success"><Input defaultValue="Maya Fischer" /></Field>
      <Field label="Username" status="Available" tone="success"><Input defaultValue="maya_f" /></Field>
      <Field label="Email" status="Invalid format" tone="error"><Input type="email" defaultValue="maya@" /></Field>
      <Field label="Password" status="Strong" tone="success"><Input type="password" defaultValue="Sup3r$ecret" /></Field>
    </form>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Invalid format');
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toBeInvalid();
  },
};

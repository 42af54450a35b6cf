import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Textarea } from './Textarea.tsx';

const danger = 'rgb(185, 28, 28)'; // --color-danger
const longDescription =
  'Air-cooled Porsches only: 356, 911 up to the 993, 912 and 914. We meet the first Sunday of every month at the old ' +
  'fuel station on the Ridge Road, drive two hours of back roads and end at a bakery. Bring your car, your questions ' +
  'and your patience for Karl, who will tell you about his 1973 Carrera RS again. Detailing day in May; ';
const atLimit = longDescription.repeat(2).slice(0, 300);

const meta = {
  title: 'Primitives/Textarea',
  component: Textarea,
  args: { 'aria-label': 'Description', onChange: fn() },
  decorators: [(Story) => <div className="max-w-md"><Story /></div>],
} satisfies Meta<typeof Textarea>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Without `maxLength` there is no counter. */
export const Plain: Story = {
  args: { placeholder: "What's on your mind?", 'aria-label': 'Content' },
  play: async ({ canvas, userEvent }) => {
    const textarea = canvas.getByRole('textbox', { name: 'Content' });
    await userEvent.type(textarea, 'New exhaust fitted.');
    await expect(textarea).toHaveValue('New exhaust fitted.');
    await expect(canvas.queryByText(/\d+ \/ \d+/)).not.toBeInTheDocument();
  },
};

/** Empty with a limit: "0 / 300", and the count is part of the field's description. */
export const WithCounter: Story = {
  args: { maxLength: 300, placeholder: 'Tell people what your community is about' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('0 / 300')).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Description' })).toHaveAccessibleDescription('0 / 300 characters');
  },
};

/** Typing updates the counter, which is a polite live region. */
export const Typing: Story = {
  args: { maxLength: 300, 'aria-label': 'Add a comment...', placeholder: 'Add a comment...' },
  play: async ({ canvas, userEvent, args }) => {
    const textarea = canvas.getByRole('textbox', { name: 'Add a comment...' });
    await userEvent.type(textarea, 'Great build!');
    const counter = canvas.getByText('12 / 300');
    await expect(counter).toBeVisible();
    await expect(counter.closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    await expect(args.onChange).toHaveBeenCalledTimes(12);
    await userEvent.type(textarea, '{Backspace}');
    await expect(canvas.getByText('11 / 300')).toBeVisible();
  },
};

/** At the limit the counter turns danger red and further typing is refused. */
export const AtLimit: Story = {
  args: { maxLength: 300, defaultValue: atLimit.slice(0, 299) },
  play: async ({ canvas, userEvent }) => {
    const textarea = canvas.getByRole('textbox', { name: 'Description' });
    await expect(getComputedStyle(canvas.getByText('299 / 300')).color).not.toBe(danger);
    await userEvent.type(textarea, ' more');
    await expect(textarea).toHaveValue(`${atLimit.slice(0, 299)} `);
    await expect(getComputedStyle(canvas.getByText('300 / 300')).color).toBe(danger);
  },
};

/** Controlled: the counter follows `value`, e.g. when a form clears the box after posting. */
export const Controlled: Story = {
  args: { maxLength: 300, 'aria-label': 'Add a comment...' },
  render: function Render(args) {
    const [value, setValue] = React.useState('Clean lines on that E30.');
    return (
      <div className="flex flex-col items-start gap-2">
        <Textarea {...args} value={value} onChange={(event) => setValue(event.target.value)} />
        <button type="button" className="text-sm underline" onClick={() => setValue('')}>
          Clear
        </button>
      </div>
    );
  },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText('24 / 300')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Clear' }));
    await expect(canvas.getByRole('textbox', { name: 'Add a comment...' })).toHaveValue('');
    await expect(canvas.getByText('0 / 300')).toBeVisible();
  },
};

/** Long text grows the box instead of hiding behind a scrollbar. */
export const LongText: Story = {
  args: { maxLength: 300, defaultValue: longDescription.slice(0, 280) },
  play: async ({ canvas }) => {
    const textarea = canvas.getByRole('textbox', { name: 'Description' });
    await expect(textarea.scrollHeight).toBeLessThanOrEqual(textarea.clientHeight);
    await expect(canvas.getByText('280 / 300')).toBeVisible();
  },
};

export const Invalid: Story = {
  args: { maxLength: 300, defaultValue: '   ', 'aria-invalid': true },
  play: async ({ canvas }) => {
    const textarea = canvas.getByRole('textbox', { name: 'Description' });
    await expect(textarea).toBeInvalid();
    await expect(getComputedStyle(textarea).borderTopColor).toBe(danger);
  },
};

export const Disabled: Story = {
  args: { maxLength: 300, defaultValue: 'Clean lines on that E30.', disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Description' })).toBeDisabled();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { maxLength: 300, 'aria-label': 'Add a comment...', placeholder: 'Add a comment...' },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Add a comment...' }), 'See you at the meet!');
    await expect(canvas.getByText('20 / 300')).toBeVisible();
  },
};

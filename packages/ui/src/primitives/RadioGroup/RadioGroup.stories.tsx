import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { RadioGroup, RadioGroupOption } from './RadioGroup.tsx';

const options = [
  { value: 'daily', label: 'Daily driver' },
  { value: 'weekend', label: 'Weekend car' },
  { value: 'track', label: 'Track only' },
];

/** A labelled group of options, as a form has it. */
function UsageGroup({ defaultValue, disabled, onValueChange }: { defaultValue?: string; disabled?: boolean; onValueChange?: (value: string) => void }) {
  const legendId = React.useId();
  return (
    <div className="flex max-w-sm flex-col gap-2">
      <p id={legendId} className="text-sm font-medium">
        How is the car used?
      </p>
      <RadioGroup aria-labelledby={legendId} defaultValue={defaultValue} disabled={disabled} onValueChange={onValueChange}>
        {options.map((option) => (
          <RadioGroupOption key={option.value} value={option.value} label={option.label} />
        ))}
      </RadioGroup>
    </div>
  );
}

const meta = {
  title: 'Primitives/RadioGroup',
  component: UsageGroup,
  args: { onValueChange: fn() },
} satisfies Meta<typeof UsageGroup>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen yet: a named group of three radios, all unchecked. */
export const Unchosen: Story = {
  play: async ({ canvas }) => {
    const group = canvas.getByRole('radiogroup', { name: 'How is the car used?' });
    const radios = within(group).getAllByRole('radio');
    await expect(radios.map((radio) => radio.getAttribute('aria-checked'))).toEqual(['false', 'false', 'false']);
  },
};

/** A click on the label (the whole row) chooses the option. */
export const ChooseByLabel: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByText('Weekend car'));
    await expect(canvas.getByRole('radio', { name: 'Weekend car' })).toBeChecked();
    await expect(args.onValueChange).toHaveBeenCalledWith('weekend');
  },
};

/** One tab stop for the group, on the chosen option; the arrow keys move and choose. */
export const Keyboard: Story = {
  args: { defaultValue: 'daily' },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('radio', { name: 'Daily driver' })).toHaveFocus();
    // Held as a person holds it: Radix moves the focus a tick after the key goes down, and
    // chooses the option it lands on while the key is still down.
    const weekend = canvas.getByRole('radio', { name: 'Weekend car' });
    await userEvent.keyboard('{ArrowDown>}');
    await waitFor(() => expect(weekend).toHaveFocus());
    await userEvent.keyboard('{/ArrowDown}');
    await expect(weekend).toBeChecked();
    await expect(args.onValueChange).toHaveBeenLastCalledWith('weekend');
  },
};

/** Disabled: nothing can be chosen. */
export const Disabled: Story = {
  args: { defaultValue: 'track', disabled: true },
  play: async ({ canvas }) => {
    for (const radio of canvas.getAllByRole('radio')) await expect(radio).toBeDisabled();
    await expect(canvas.getByRole('radio', { name: 'Track only' })).toBeChecked();
  },
};

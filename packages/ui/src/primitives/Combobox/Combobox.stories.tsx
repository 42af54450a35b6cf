import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { Field } from '../Field/Field.tsx';
import { Combobox, type ComboboxOption } from './Combobox.tsx';

const MAKES = ['Alfa Romeo', 'BMW', 'Ferrari', 'Lotus', 'Mazda', 'Mercedes-Benz', 'Porsche', 'Toyota'];

/** A make picker over a fixed list, filtered as typed, with the typed text as the last choice. */
function MakeField({ onSelect, disabled = false, notice, noticeIsError }: { onSelect: (option: ComboboxOption) => void; disabled?: boolean; notice?: string; noticeIsError?: boolean }) {
  const [text, setText] = React.useState('');
  const [chosen, setChosen] = React.useState<string | null>(null);
  const typed = text.trim().toLowerCase();
  const options: ComboboxOption[] = MAKES.filter((make) => make.toLowerCase().startsWith(typed)).map((make) => ({ key: make, text: make }));
  if (typed !== '' && !MAKES.some((make) => make.toLowerCase() === typed)) options.push({ key: 'typed', text: text.trim(), label: `Not in the list? Use “${text.trim()}”`, separate: true });
  return (
    <div className="max-w-xs">
      <Field label="Make">
        <Combobox
          value={text}
          onValueChange={setText}
          options={options}
          selectedKey={chosen}
          disabled={disabled}
          notice={notice}
          noticeIsError={noticeIsError}
          placeholder="Porsche, Toyota…"
          onSelect={(option) => {
            setText(option.text);
            setChosen(option.key);
            onSelect(option);
          }}
        />
      </Field>
    </div>
  );
}

const meta = {
  title: 'Primitives/Combobox',
  component: MakeField,
  args: { onSelect: fn() },
} satisfies Meta<typeof MakeField>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A text field with a list under it; closed until typing, a click or ↓. */
export const Closed: Story = {
  play: async ({ canvas }) => {
    const field = canvas.getByRole('combobox', { name: 'Make' });
    await expect(field).toHaveAttribute('aria-expanded', 'false');
    await expect(field).toHaveAttribute('aria-autocomplete', 'list');
  },
};

/** Typing filters; ↓ and ↑ move the highlight (the field's active descendant), wrapping round. */
export const Typing: Story = {
  play: async ({ canvas, userEvent }) => {
    const field = canvas.getByRole('combobox', { name: 'Make' });
    await userEvent.type(field, 'm');
    await expect(field).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getAllByRole('option').map((option) => option.textContent)).toEqual(['Mazda', 'Mercedes-Benz', 'Not in the list? Use “m”']);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(canvas.getByRole('option', { name: 'Mercedes-Benz' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    await expect(canvas.getByRole('option', { name: 'Not in the list? Use “m”' })).toHaveAttribute('aria-selected', 'true');
    await expect(field).toHaveAttribute('aria-activedescendant', canvas.getByRole('option', { name: 'Not in the list? Use “m”' }).id);
  },
};

/** Enter chooses the highlighted option; the list closes and, opened again, ticks the choice. */
export const ChooseWithEnter: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const field = canvas.getByRole('combobox', { name: 'Make' });
    await userEvent.type(field, 'po');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(field).toHaveValue('Porsche');
    await expect(field).toHaveAttribute('aria-expanded', 'false');
    await expect(args.onSelect).toHaveBeenCalledWith(expect.objectContaining({ key: 'Porsche' }));
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('option', { name: 'Porsche' }).querySelector('svg')).not.toBeNull();
  },
};

/** Escape closes the list and keeps the text. */
export const EscapeCloses: Story = {
  play: async ({ canvas, userEvent }) => {
    const field = canvas.getByRole('combobox', { name: 'Make' });
    await userEvent.type(field, 'to');
    await userEvent.keyboard('{Escape}');
    await expect(field).toHaveAttribute('aria-expanded', 'false');
    await expect(field).toHaveValue('to');
  },
};

/** A click on an option chooses it, and the focus stays in the field. */
export const ChooseWithPointer: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const field = canvas.getByRole('combobox', { name: 'Make' });
    await userEvent.click(field);
    await userEvent.click(canvas.getByRole('option', { name: 'Lotus' }));
    await expect(field).toHaveValue('Lotus');
    await expect(field).toHaveFocus();
    await waitFor(() => expect(args.onSelect).toHaveBeenCalledTimes(1));
  },
};

/** A line under the field: what the list is doing, or (red, an alert) why it cannot help. */
export const WithNotice: Story = {
  args: { notice: 'Could not load the list. Type the name instead.', noticeIsError: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Could not load the list. Type the name instead.');
    await expect(canvas.getByRole('combobox', { name: 'Make' })).toHaveAccessibleDescription('Could not load the list. Type the name instead.');
  },
};

/** Disabled: nothing opens. */
export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Make' })).toBeDisabled();
  },
};

/** At 375 px, open. */
export const Mobile: Story = {
  ...Typing,
  globals: { viewport: { value: 'mobile', isRotated: false } },
};

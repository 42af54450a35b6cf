import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { carLabel, type Car } from '@pitlane/api/contract';
import { CAR_LIST, failRoute, FIXTURE, fixtures, mockApi, samplePngFile } from '@pitlane/api/mocks';
import { WithCar, mobile } from '../CarCard/car-stories.tsx';
import { CarForm, type CarFormProps } from './CarForm.tsx';

/**
 * The form as a page opens it: for a new car, or over a car loaded through the hooks. Once saved,
 * the page shows the car as the server answered it (a line standing in for the garage).
 */
function Opened({ carId, ...args }: Omit<CarFormProps, 'car'> & { carId?: string }) {
  const [open, setOpen] = React.useState(args.open);
  const [saved, setSaved] = React.useState<Car | null>(null);
  const onOpenChange = (next: boolean) => {
    args.onOpenChange(next);
    setOpen(next);
  };
  const onSaved = (car: Car) => {
    args.onSaved?.(car);
    setSaved(car);
  };
  const form = (car?: Car) => <CarForm {...args} car={car} open={open} onOpenChange={onOpenChange} onSaved={onSaved} />;
  return (
    <>
      {saved ? (
        <p className="text-sm">
          {`Saved: ${carLabel(saved)} (make ${saved.makeId === null ? 'typed' : 'from the list'}, model ${saved.modelId === null ? 'typed' : 'from the list'}, ${saved.current ? 'owned now' : 'a past car'}${saved.coverImageUrl ? ', with a cover' : ''}).`}
        </p>
      ) : null}
      {carId ? <WithCar carId={carId}>{form}</WithCar> : form()}
    </>
  );
}

const meta = {
  title: 'Widgets/CarForm',
  component: Opened,
  parameters: { session: true },
  args: { open: true, onOpenChange: fn(), onSaved: fn(), onRemoved: fn() },
  beforeEach: mockApi(),
} satisfies Meta<typeof Opened>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
const body = within(document.body);
const dialogNamed = async (name: string) => within(await body.findByRole('dialog', { name }));
const lastCar = (spy: unknown) => (spy as ReturnType<typeof fn>).mock.lastCall?.[0] as Car;

/** A button that turns busy keeps or drops the focus depending on timing: drop it before the screenshot. */
function settleFocus() {
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
}

/** Waits until a picker has looked up what was typed (it is `aria-busy` until then). */
const settled = (input: HTMLElement) => waitFor(() => expect(input).not.toHaveAttribute('aria-busy'));

/** Types into a picker, then chooses the option named `option` with the keyboard (↓ until it, Enter). */
async function chooseWithKeys(dialog: Canvas, user: { type: (el: Element, text: string) => Promise<void>; keyboard: (keys: string) => Promise<void> }, field: string, text: string, option: string | RegExp) {
  const input = dialog.getByRole('combobox', { name: field });
  await user.type(input, text);
  await settled(input);
  const wanted = await dialog.findByRole('option', { name: option });
  for (let i = 0; i < 20 && input.getAttribute('aria-activedescendant') !== wanted.id; i++) await user.keyboard('{ArrowDown}');
  await expect(input).toHaveAttribute('aria-activedescendant', wanted.id);
  await user.keyboard('{Enter}');
}

/** A new car: make and model pickers, year, trim or nickname, colour, "I own it now", description, cover. */
export const Add: Story = {
  play: async () => {
    const dialog = await dialogNamed('Add a car');
    await expect(dialog.getByRole('combobox', { name: 'Make' })).toHaveFocus();
    await expect(dialog.getByRole('combobox', { name: 'Model' })).toBeDisabled();
    await expect(dialog.getByRole('checkbox', { name: 'I own it now' })).toBeChecked();
    await expect(dialog.getByRole('button', { name: 'Add car' })).toBeEnabled();
    await expect(dialog.queryByRole('button', { name: 'Remove car' })).toBeNull();
    await expect(dialog.queryByRole('textbox', { name: 'Description of the cover (alt text)' })).toBeNull();
  },
};

/** At 375 px: one column. */
export const AddMobile: Story = { ...Add, globals: mobile };

/**
 * Typing in the make picker offers the list's makes that start with it (or have a word that
 * does), and last "Not in the list? Use “…”"; ↓ highlights one (the field's active descendant).
 */
export const MakeSuggestions: Story = {
  play: async ({ userEvent }) => {
    const dialog = await dialogNamed('Add a car');
    const make = dialog.getByRole('combobox', { name: 'Make' });
    await userEvent.type(make, 'm');
    await settled(make);
    await expect(await dialog.findByRole('option', { name: 'Mazda' })).toBeVisible();
    await expect(make).toHaveAttribute('aria-expanded', 'true');
    await expect(dialog.getByRole('option', { name: 'Mercedes-Benz' })).toBeVisible();
    await expect(dialog.getByRole('option', { name: 'Not in the list? Use “m”' })).toBeVisible();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(dialog.getByRole('option', { name: 'Mercedes-Benz' })).toHaveAttribute('aria-selected', 'true');
  },
};

/**
 * Escape closes the list only; a second Escape closes the dialog. Enter on a highlighted option
 * chooses it instead of sending the form.
 */
export const KeyboardOnly: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await dialogNamed('Add a car');
    const make = dialog.getByRole('combobox', { name: 'Make' });
    await userEvent.type(make, 'por');
    await settled(make);
    await dialog.findByRole('option', { name: 'Porsche' });
    await userEvent.keyboard('{Escape}');
    await expect(make).toHaveAttribute('aria-expanded', 'false');
    await expect(body.getByRole('dialog', { name: 'Add a car' })).toBeVisible();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(make).toHaveValue('Porsche');
    await expect(args.onSaved).not.toHaveBeenCalled();
    await expect(dialog.getByRole('combobox', { name: 'Model' })).toBeEnabled();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

/** Make and model from the list, then the rest: the car is saved with the list's ids. */
export const AddFromList: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await dialogNamed('Add a car');
    await chooseWithKeys(dialog, userEvent, 'Make', 'pors', 'Porsche');
    await userEvent.click(dialog.getByRole('combobox', { name: 'Model' }));
    await userEvent.type(dialog.getByRole('combobox', { name: 'Model' }), '9');
    await settled(dialog.getByRole('combobox', { name: 'Model' }));
    await userEvent.click(await dialog.findByRole('option', { name: '911' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Year' }), '1991');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Trim or nickname' }), 'Carrera 2');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Colour' }), 'Midnight Blue');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Description' }), 'Cup 1 wheels, R888R tyres.');
    await userEvent.click(dialog.getByRole('button', { name: 'Add car' }));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalled());
    const car = lastCar(args.onSaved);
    await expect(car).toMatchObject({ makeId: CAR_LIST.porsche.id, make: 'Porsche', modelId: CAR_LIST.porsche.models['911'], model: '911', year: 1991, trim: 'Carrera 2', colour: 'Midnight Blue', current: true, coverImageUrl: '' });
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
  },
};

/**
 * A model the list lacks (Jaguar has no E-Type in it): "Not in the list? Use “E-Type”" keeps it
 * as typed, and says so under the field.
 */
export const TypedModel: Story = {
  play: async ({ userEvent }) => {
    const dialog = await dialogNamed('Add a car');
    await chooseWithKeys(dialog, userEvent, 'Make', 'jag', 'Jaguar');
    await chooseWithKeys(dialog, userEvent, 'Model', 'E-Type', 'Not in the list? Use “E-Type”');
    await expect(dialog.getByText('Not in the list: kept as you typed it.')).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Model' })).toHaveAttribute('aria-expanded', 'false');
  },
};

/** The typed model is saved as typed: no model id. Unticked "I own it now" makes it a past car. */
export const SaveTypedModel: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await dialogNamed('Add a car');
    await chooseWithKeys(dialog, userEvent, 'Make', 'jag', 'Jaguar');
    await chooseWithKeys(dialog, userEvent, 'Model', 'E-Type', 'Not in the list? Use “E-Type”');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Year' }), '1964');
    await userEvent.click(dialog.getByRole('checkbox', { name: 'I own it now' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Add car' }));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalled());
    await expect(lastCar(args.onSaved)).toMatchObject({ makeId: CAR_LIST.jaguar.id, make: 'Jaguar', modelId: null, model: 'E-Type', year: 1964, current: false });
  },
};

/** A make the list lacks: typed, and then the model is typed too (the list has none for it). */
export const TypedMake: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await dialogNamed('Add a car');
    await chooseWithKeys(dialog, userEvent, 'Make', 'Alpina', 'Not in the list? Use “Alpina”');
    const model = dialog.getByRole('combobox', { name: 'Model' });
    await expect(model).toHaveAttribute('placeholder', 'Type the model');
    await userEvent.type(model, 'B3');
    const options = await dialog.findAllByRole('option');
    await expect(options.map((option) => option.textContent)).toEqual(['Not in the list? Use “B3”']);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Year' }), '2015');
    await userEvent.click(dialog.getByRole('button', { name: 'Add car' }));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalled());
    await expect(lastCar(args.onSaved)).toMatchObject({ makeId: null, make: 'Alpina', modelId: null, model: 'B3', year: 2015 });
  },
};

/** Typing again after a choice drops it: the form asks for a make from the list or typed. */
export const MakeNotChosen: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await dialogNamed('Add a car');
    await userEvent.type(dialog.getByRole('combobox', { name: 'Make' }), 'Porsche');
    await settled(dialog.getByRole('combobox', { name: 'Make' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(dialog.getByRole('button', { name: 'Add car' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent('Choose the car’s make from the list, or type its name.');
    await expect(args.onSaved).not.toHaveBeenCalled();
    settleFocus();
  },
};

/** A year out of range (1886 to next year) is refused before sending, in the server's words. */
export const YearOutOfRange: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await dialogNamed('Add a car');
    await chooseWithKeys(dialog, userEvent, 'Make', 'toy', 'Toyota');
    await chooseWithKeys(dialog, userEvent, 'Model', 'sup', 'Supra');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Year' }), '1885');
    await userEvent.click(dialog.getByRole('button', { name: 'Add car' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent('Enter the year the car was built, from 1886 to next year.');
    await expect(args.onSaved).not.toHaveBeenCalled();
    settleFocus();
  },
};

/** The server refuses (a full garage): its message shows, and the form keeps what was typed. */
export const ServerRefusal: Story = {
  beforeEach: mockApi(fixtures.standard, failRoute('cars.create', 409, 'A garage can hold at most 100 cars.')),
  play: async ({ args, userEvent }) => {
    const dialog = await dialogNamed('Add a car');
    await chooseWithKeys(dialog, userEvent, 'Make', 'maz', 'Mazda');
    await chooseWithKeys(dialog, userEvent, 'Model', 'mx', 'MX-5');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Year' }), '1990');
    await userEvent.click(dialog.getByRole('button', { name: 'Add car' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent('A garage can hold at most 100 cars.');
    await expect(dialog.getByRole('textbox', { name: 'Year' })).toHaveValue('1990');
    await expect(args.onSaved).not.toHaveBeenCalled();
    settleFocus();
  },
};

/** The list does not answer: the picker says so, and typing the name still works. */
export const ListUnavailable: Story = {
  beforeEach: mockApi(fixtures.standard, failRoute('cars.makes', 500, 'Server down')),
  play: async ({ userEvent }) => {
    const dialog = await dialogNamed('Add a car');
    await userEvent.type(dialog.getByRole('combobox', { name: 'Make' }), 'Porsche');
    await expect(await dialog.findByRole('alert')).toHaveTextContent('Could not load the list. Type the name instead.');
    await expect(dialog.getByRole('option', { name: 'Not in the list? Use “Porsche”' })).toBeVisible();
  },
};

/** A cover photo with its description, saved with the car. */
export const WithCover: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = await dialogNamed('Add a car');
    await chooseWithKeys(dialog, userEvent, 'Make', 'ford', 'Ford');
    await chooseWithKeys(dialog, userEvent, 'Model', 'mus', 'Mustang');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Year' }), '1967');
    await userEvent.upload(dialog.getByLabelText('Choose photo'), samplePngFile('mustang.png'));
    await expect(await dialog.findByRole('img', { name: 'New cover preview' })).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Description of the cover (alt text)' }), 'A green Mustang fastback in a barn.');
    await userEvent.click(dialog.getByRole('button', { name: 'Add car' }));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalled());
    await expect(lastCar(args.onSaved)).toMatchObject({ coverImageUrl: expect.stringMatching(/^data:image\/png/), coverImageAlt: 'A green Mustang fastback in a barn.' });
  },
};

/** Editing the 911 SC: every field filled in, the current cover and its description, "Remove car". */
export const Edit: Story = {
  args: { carId: FIXTURE.cars.own },
  play: async () => {
    const dialog = await dialogNamed('Edit car');
    await expect(dialog.getByRole('combobox', { name: 'Make' })).toHaveValue('Porsche');
    await expect(dialog.getByRole('combobox', { name: 'Model' })).toHaveValue('911');
    await expect(dialog.getByRole('textbox', { name: 'Year' })).toHaveValue('1981');
    await expect(dialog.getByRole('textbox', { name: 'Trim or nickname' })).toHaveValue('SC');
    await expect(dialog.getByRole('textbox', { name: 'Colour' })).toHaveValue('Guards Red');
    await expect(dialog.getByRole('img', { name: 'Current cover' })).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Description of the cover (alt text)' })).toHaveValue('A red 1981 Porsche 911 SC parked on a mountain road at dawn.');
    await expect(dialog.getByRole('button', { name: 'Remove car' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save Changes' })).toBeVisible();
  },
};

/** At 375 px. */
export const EditMobile: Story = { ...Edit, globals: mobile };

/** Save Changes sends every field; a sold car is unticked and becomes a past one; the cover can go. */
export const SaveChanges: Story = {
  args: { carId: FIXTURE.cars.own },
  play: async ({ args, userEvent }) => {
    const dialog = await dialogNamed('Edit car');
    const colour = dialog.getByRole('textbox', { name: 'Colour' });
    await userEvent.clear(colour);
    await userEvent.type(colour, 'Grand Prix White');
    await userEvent.click(dialog.getByRole('checkbox', { name: 'I own it now' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Remove photo' }));
    await expect(dialog.queryByRole('img', { name: 'Current cover' })).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(args.onSaved).toHaveBeenCalled());
    await expect(lastCar(args.onSaved)).toMatchObject({ _id: FIXTURE.cars.own, makeId: CAR_LIST.porsche.id, colour: 'Grand Prix White', current: false, coverImageUrl: '', coverImageAlt: '' });
  },
};

/** Remove car: the app's confirmation first; then the car is gone and the form closes. */
export const RemoveConfirmation: Story = {
  args: { carId: FIXTURE.cars.ownPast },
  play: async ({ args, userEvent }) => {
    const dialog = await dialogNamed('Edit car');
    await userEvent.click(dialog.getByRole('button', { name: 'Remove car' }));
    const confirm = await body.findByRole('alertdialog', { name: 'Remove 2002 BMW M3 E46?' });
    await expect(confirm).toHaveAccessibleDescription('Remove this car? Its posts stay, without the tag; its build log entries are deleted.');
    await expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await expect(args.onRemoved).not.toHaveBeenCalled();
  },
};

/** The removal fails: the form stays open and says why. */
export const RemoveFails: Story = {
  args: { carId: FIXTURE.cars.ownPast },
  beforeEach: mockApi(fixtures.standard, failRoute('cars.delete', 500, 'Server down')),
  play: async ({ args, userEvent }) => {
    const dialog = await dialogNamed('Edit car');
    await userEvent.click(dialog.getByRole('button', { name: 'Remove car' }));
    await userEvent.click(within(await body.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent('Server down');
    await waitFor(() => expect(body.queryByRole('alertdialog')).toBeNull());
    await expect(args.onRemoved).not.toHaveBeenCalled();
    settleFocus();
  },
};

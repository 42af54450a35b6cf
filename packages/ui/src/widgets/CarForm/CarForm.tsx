import * as React from 'react';
import { Trash2 } from 'lucide-react';
import { useController } from 'react-hook-form';
import { CAR_TEXT_LIMITS, carLabel, FALLBACK_MESSAGES, type Car } from '@pitlane/api/contract';
import { errorMessage } from '@pitlane/api/client';
import { useCreateCar, useUpdateCar } from '@pitlane/api/hooks';
import { useContractForm } from '../../lib/form.ts';
import { carRule, type CarNameValue } from '../../lib/garage-rules.ts';
import { Button } from '../../primitives/Button/Button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../primitives/Dialog/Dialog.tsx';
import { Field } from '../../primitives/Field/Field.tsx';
import { ErrorLine } from '../../primitives/FormMessages/ErrorLine.tsx';
import { Input } from '../../primitives/Input/Input.tsx';
import { Textarea } from '../../primitives/Textarea/Textarea.tsx';
import { CarCover } from '../CarCard/CarCover.tsx';
import { CoverPhotoField } from '../CoverPhotoField/CoverPhotoField.tsx';
import { MakePicker, ModelPicker } from './CarNamePicker.tsx';
import { RemoveCarDialog } from './RemoveCarDialog.tsx';

export interface CarFormProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The car to edit; none adds a new one to the signed-in person's garage. */
  car?: Car;
  /** After the server saved it, with its reply. */
  onSaved?: (car: Car) => void;
  /** Edit only: after "Remove car" was confirmed and done (e.g. the car page goes to the profile). */
  onRemoved?: (carId: string) => void;
  /** Where the focus goes on closing when the button that opened the form is gone (its car removed). */
  fallbackFocus?: () => HTMLElement | null | undefined;
}

interface Values {
  make: CarNameValue;
  model: CarNameValue;
  year: string;
  trim: string;
  colour: string;
  description: string;
  current: boolean;
  /** The picked cover; null keeps the current one (or none). */
  coverImage: File | null;
  coverImageAlt: string;
  /** Edit: the current cover is to go. */
  removeCover: boolean;
}

const nameOf = (id: string | null, name: string): CarNameValue => ({ text: name, choice: { id, name } });
const EMPTY_NAME: CarNameValue = { text: '', choice: null };

function initialValues(car: Car | undefined): Values {
  return {
    make: car ? nameOf(car.makeId, car.make) : EMPTY_NAME,
    model: car ? nameOf(car.modelId, car.model) : EMPTY_NAME,
    year: car ? String(car.year) : '',
    trim: car?.trim ?? '',
    colour: car?.colour ?? '',
    description: car?.description ?? '',
    current: car?.current ?? true,
    coverImage: null,
    coverImageAlt: car?.coverImageAlt ?? '',
    removeCover: false,
  };
}

/** The fields as the route reads them: a list name by its id, a typed one by its name. */
function bodyOf(values: Values, editing: boolean) {
  const make = values.make.choice!;
  const model = values.model.choice!;
  return {
    ...(make.id !== null ? { makeId: make.id } : { make: make.name.trim() }),
    ...(model.id !== null ? { modelId: model.id } : { model: model.name.trim() }),
    year: Number(values.year.trim()),
    trim: values.trim.trim(),
    colour: values.colour.trim(),
    description: values.description.trim(),
    current: values.current,
    coverImageAlt: values.coverImageAlt.trim(),
    ...(values.coverImage ? { coverImage: values.coverImage } : {}),
    ...(editing && values.removeCover && !values.coverImage ? { removeCover: true } : {}),
  };
}

/** A new make of the list takes a new model; a make being retyped keeps only a typed model. */
function modelAfterMakeChange(before: CarNameValue['choice'], after: CarNameValue['choice'], model: CarNameValue): CarNameValue {
  if (after && (before?.id !== after.id || before.name !== after.name)) return EMPTY_NAME;
  if (!after && model.choice?.id) return { text: model.text, choice: null };
  return model;
}

function CarFormBody({ car, onOpenChange, onSaved, onRemoved }: Omit<CarFormProps, 'open' | 'fallbackFocus'>) {
  const editing = car !== undefined;
  const create = useCreateCar();
  const update = useUpdateCar(car?._id ?? '');
  const saving = editing ? update.isPending : create.isPending;
  const form = useContractForm<Values>({ defaultValues: initialValues(car), rules: [carRule] });
  const make = useController({ control: form.control, name: 'make' });
  const model = useController({ control: form.control, name: 'model' });
  // Controlled, so the counters count what an edit starts with too.
  const description = useController({ control: form.control, name: 'description' });
  const coverImageAlt = useController({ control: form.control, name: 'coverImageAlt' });
  const [coverImage, removeCover] = form.watch(['coverImage', 'removeCover']);
  const [removing, setRemoving] = React.useState(false);
  const errorId = React.useId();
  const currentHintId = React.useId();
  const error = form.message;

  const clearMessage = () => {
    if (form.formState.errors.root) form.clearErrors('root');
  };

  const onSubmit = form.submitWith((values) => {
    const body = bodyOf(values, editing);
    const done = {
      onSuccess: (saved: Car) => {
        onOpenChange(false);
        onSaved?.(saved);
      },
      // The dialog stays open with what was typed, and says why.
      onError: (failure: unknown) => form.failWith(errorMessage(failure, FALLBACK_MESSAGES.saveCarFailed)),
    };
    if (editing) update.mutate({ body }, done);
    else create.mutate({ body }, done);
  }, saving);

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-describedby={error ? errorId : undefined}>
      <fieldset disabled={saving} className="grid min-w-0 gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Make">
            <MakePicker
              value={make.field.value}
              onChange={(next) => {
                form.setValue('model', modelAfterMakeChange(make.field.value.choice, next.choice, form.getValues('model')));
                make.field.onChange(next);
                clearMessage();
              }}
            />
          </Field>
          <Field label="Model">
            <ModelPicker
              make={make.field.value.choice}
              value={model.field.value}
              onChange={(next) => {
                model.field.onChange(next);
                clearMessage();
              }}
            />
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
          <Field label="Year">
            <Input inputMode="numeric" autoComplete="off" maxLength={4} required {...form.register('year', { onChange: clearMessage })} />
          </Field>
          <Field label="Trim or nickname">
            <Input autoComplete="off" placeholder="Carrera 2, Project Blue…" {...form.register('trim', { onChange: clearMessage })} />
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
          <Field label="Colour">
            <Input autoComplete="off" placeholder="Guards Red, Nardo Grey…" {...form.register('colour', { onChange: clearMessage })} />
          </Field>
          <div className="flex flex-col gap-1 sm:pb-2">
            <label className="flex w-fit cursor-pointer items-center gap-2 text-sm font-medium">
              <input type="checkbox" aria-describedby={currentHintId} className="size-4 cursor-pointer accent-strong" {...form.register('current')} />
              I own it now
            </label>
            <p id={currentHintId} className="text-xs text-muted-foreground">
              Untick for a car you had before.
            </p>
          </div>
        </div>
        <Field label="Description">
          <Textarea
            {...description.field}
            onChange={(event) => {
              description.field.onChange(event);
              clearMessage();
            }}
            placeholder="Its story, what you changed, what's next"
            maxLength={CAR_TEXT_LIMITS.description}
            rows={3}
          />
        </Field>
        <CoverPhotoField
          currentUrl={car?.coverImageUrl}
          picked={coverImage}
          removed={removeCover}
          placeholder={<CarCover car={{ coverImageUrl: '', coverImageAlt: '' }} className="h-24 w-full rounded-md" />}
          disabled={saving}
          onPick={(file) => form.setValue('coverImage', file)}
          onRemove={editing ? () => form.setValue('removeCover', true) : undefined}
          description={coverImageAlt.field.value}
          onDescriptionChange={(text) => {
            coverImageAlt.field.onChange(text);
            clearMessage();
          }}
        />
      </fieldset>

      {error ? (
        <ErrorLine id={errorId} role="alert">
          {error}
        </ErrorLine>
      ) : null}

      <DialogFooter>
        {editing ? (
          <Button variant="ghost-danger" className="sm:mr-auto" disabled={saving} onClick={() => setRemoving(true)}>
            <Trash2 aria-hidden />
            Remove car
          </Button>
        ) : null}
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" busy={saving} busyLabel="Saving...">
          {editing ? 'Save Changes' : 'Add car'}
        </Button>
      </DialogFooter>

      {editing ? (
        <RemoveCarDialog
          car={car}
          open={removing}
          onOpenChange={setRemoving}
          onRemoved={(carId) => {
            onOpenChange(false);
            onRemoved?.(carId);
          }}
          onError={form.failWith}
        />
      ) : null}
    </form>
  );
}

/**
 * Add a car to one's garage, or edit one (issue 17): make then model from the shipped list with
 * type-ahead (or typed, when the list lacks the car), year, trim or nickname, colour, "I own it
 * now", a description and a cover photo with its description. Editing also offers "Remove car",
 * behind the app's confirmation.
 */
export function CarForm({ open, onOpenChange, car, onSaved, onRemoved, fallbackFocus }: CarFormProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="xl" fallbackFocus={fallbackFocus}>
        <DialogHeader>
          <DialogTitle>{car ? 'Edit car' : 'Add a car'}</DialogTitle>
          <DialogDescription className={car ? 'sr-only' : undefined}>
            {car ? `Change the details of ${carLabel(car)}.` : 'Pick the make and model from the list, or type them in if the list lacks your car.'}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: every opening starts from the car (or an empty form). */}
        {open ? <CarFormBody car={car} onOpenChange={onOpenChange} onSaved={onSaved} onRemoved={onRemoved} /> : null}
      </DialogContent>
    </Dialog>
  );
}

import * as React from 'react';
import { useController } from 'react-hook-form';
import {
  CAR_TEXT_LIMITS,
  FALLBACK_MESSAGES,
  LOG_CURRENCIES,
  MAX_LOG_PHOTOS,
  MILEAGE_UNITS,
  photoDescriptionsError,
  REFUSAL_MESSAGES,
  type CarLogEntry,
} from '@pitlane/api/contract';
import { errorMessage } from '@pitlane/api/client';
import { useCreateLogEntry, useSession, useUpdateLogEntry } from '@pitlane/api/hooks';
import { useContractForm, type FormRule } from '../../lib/form.ts';
import { logRule, normalizeAmount } from '../../lib/garage-rules.ts';
import { Button } from '../../primitives/Button/Button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../primitives/Dialog/Dialog.tsx';
import { Field } from '../../primitives/Field/Field.tsx';
import { ErrorLine } from '../../primitives/FormMessages/ErrorLine.tsx';
import { Input } from '../../primitives/Input/Input.tsx';
import { Select } from '../../primitives/Select/Select.tsx';
import { Textarea } from '../../primitives/Textarea/Textarea.tsx';
import { existingImages, ImagePicker, type PickedImage } from '../ImagePicker/ImagePicker.tsx';
import { UploadProgress } from '../PostForm/PostForm.tsx';

export interface LogEntryFormProps {
  carId: string;
  /** The entry to edit; none adds a new one. */
  entry?: CarLogEntry;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the server saved it, with its reply. */
  onSaved?: (entry: CarLogEntry) => void;
}

interface Values {
  date: string;
  title: string;
  text: string;
  mileage: string;
  mileageUnit: (typeof MILEAGE_UNITS)[number];
  cost: string;
  currency: (typeof LOG_CURRENCIES)[number];
  images: PickedImage[];
}

/** Today in the reader's own calendar, `YYYY-MM-DD`: a new entry is most often about today. */
function today(): string {
  // Read through Date.now, which stories pin to the fixtures' "now".
  const now = new Date(Date.now());
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function initialValues(entry: CarLogEntry | undefined): Values {
  if (!entry) return { date: today(), title: '', text: '', mileage: '', mileageUnit: 'km', cost: '', currency: LOG_CURRENCIES[0], images: [] };
  return {
    date: entry.date,
    title: entry.title,
    text: entry.text,
    mileage: entry.mileage === null ? '' : String(entry.mileage),
    mileageUnit: entry.mileageUnit,
    cost: entry.cost === null ? '' : String(entry.cost),
    currency: entry.currency,
    images: existingImages({ imageUrls: entry.images.map((image) => image.url), images: entry.images }),
  };
}

const newFiles = (images: PickedImage[]): File[] => images.flatMap((image) => (image.kind === 'new' ? [image.file] : []));
const descriptionsOf = (images: PickedImage[]): string[] => images.map((image) => image.alt.trim());

/** A typed number, or undefined for an empty field (absent: the entry has none). */
const numberOf = (text: string): number | undefined => (text === '' ? undefined : Number(text));

/** The fields as the route reads them (the rules have checked them): an empty mileage or cost is none. */
function fieldsOf(values: Values) {
  return {
    date: values.date,
    title: values.title.trim(),
    text: values.text.trim(),
    mileage: numberOf(values.mileage.trim()),
    mileageUnit: values.mileageUnit,
    cost: numberOf(normalizeAmount(values.cost)),
    currency: values.currency,
    imageAlts: descriptionsOf(values.images),
    images: newFiles(values.images),
  };
}

const photosCounter = (count: number, max: number) => `Photos (${count} / ${max})`;

function LogEntryFormBody({ carId, entry, onOpenChange, onSaved }: Omit<LogEntryFormProps, 'open'>) {
  const create = useCreateLogEntry(carId);
  const update = useUpdateLogEntry(carId);
  const requireDescriptions = useSession().user?.requirePhotoDescriptions ?? false;
  const describedRule: FormRule<Values> = ({ images }) => photoDescriptionsError(descriptionsOf(images), { required: requireDescriptions });
  const form = useContractForm<Values>({ defaultValues: initialValues(entry), rules: [logRule, describedRule] });
  const images = useController({ control: form.control, name: 'images' });
  const text = useController({ control: form.control, name: 'text' });
  const [busy, setBusy] = React.useState(false);
  const [progress, setProgress] = React.useState<number | null>(null);
  const errorId = React.useId();
  const error = form.message;

  // A message about what was just changed is stale now; the next submit checks again.
  const clearMessage = () => {
    if (form.formState.errors.root) form.clearErrors('root');
  };
  const invalidIf = (message: string) => (error === message ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {});

  const onSubmit = form.submitWith(async (values) => {
    const fields = fieldsOf(values);
    const uploads = fields.images.length;
    const onUploadProgress = uploads > 0 ? (fraction: number) => setProgress(Math.round(fraction * 100)) : undefined;
    setBusy(true);
    setProgress(uploads > 0 ? 0 : null);
    try {
      const saved = entry
        ? await update.mutateAsync({
            entryId: entry._id,
            // The kept photos in the order shown; the new files follow them.
            body: { ...fields, existingImageUrls: values.images.flatMap((image) => (image.kind === 'existing' ? [image.url] : [])) },
            onUploadProgress,
          })
        : await create.mutateAsync({ body: fields, onUploadProgress });
      onOpenChange(false);
      onSaved?.(saved);
    } catch (failure) {
      form.failWith(errorMessage(failure, FALLBACK_MESSAGES.saveLogEntryFailed));
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }, busy);

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {/* A disabled fieldset freezes every control at once while the entry is being sent. */}
      <fieldset disabled={busy} className="grid min-w-0 gap-4">
        <div className="grid gap-4 sm:grid-cols-[11rem_1fr]">
          <Field label="Date">
            <Input type="date" required {...form.register('date', { onChange: clearMessage })} {...invalidIf(REFUSAL_MESSAGES.invalidLogDate)} />
          </Field>
          <Field label="Title">
            <Input
              required
              autoComplete="off"
              placeholder="Oil change, new tyres, track day…"
              {...form.register('title', { onChange: clearMessage })}
              {...invalidIf(REFUSAL_MESSAGES.logTitleRequired)}
            />
          </Field>
        </div>
        <Field label="What was done">
          <Textarea
            {...text.field}
            onChange={(event) => {
              text.field.onChange(event);
              clearMessage();
            }}
            maxLength={CAR_TEXT_LIMITS.logText}
            rows={4}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex items-end gap-2">
            <Field label="Mileage (optional)" className="min-w-0 flex-1">
              <Input inputMode="numeric" autoComplete="off" {...form.register('mileage', { onChange: clearMessage })} {...invalidIf(REFUSAL_MESSAGES.invalidMileage)} />
            </Field>
            <div className="w-20 shrink-0">
              <Select aria-label="Mileage unit" {...form.register('mileageUnit')}>
                {MILEAGE_UNITS.map((unit) => (
                  <option key={unit} value={unit}>
                    {unit}
                  </option>
                ))}
              </Select>
            </div>
          </div>
          <div className="flex items-end gap-2">
            <Field label="Cost (optional)" className="min-w-0 flex-1">
              <Input inputMode="decimal" autoComplete="off" {...form.register('cost', { onChange: clearMessage })} {...invalidIf(REFUSAL_MESSAGES.invalidCost)} />
            </Field>
            <div className="w-24 shrink-0">
              <Select aria-label="Currency" {...form.register('currency')}>
                {LOG_CURRENCIES.map((currency) => (
                  <option key={currency} value={currency}>
                    {currency}
                  </option>
                ))}
              </Select>
            </div>
          </div>
        </div>
        <ImagePicker
          mode={entry ? 'edit' : 'create'}
          max={MAX_LOG_PHOTOS}
          counterText={photosCounter}
          tooManyMessage={REFUSAL_MESSAGES.tooManyLogPhotos}
          value={images.field.value}
          onChange={(next) => {
            images.field.onChange(next);
            clearMessage();
          }}
          disabled={busy}
          requireDescriptions={requireDescriptions}
          descriptionsInvalid={error === REFUSAL_MESSAGES.photoDescriptionsRequired}
        />
      </fieldset>

      {progress !== null ? <UploadProgress percent={progress} /> : null}

      {error ? (
        <ErrorLine id={errorId} role="alert">
          {error}
        </ErrorLine>
      ) : null}

      <DialogFooter>
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" busy={busy} busyLabel="Saving...">
          {entry ? 'Save Changes' : 'Add entry'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * Add or edit a build-log entry (issue 17): the day, a title, what was done, the odometer in km
 * or miles and the cost in a currency (both optional), and up to five photos with their
 * descriptions. The contract's checks run before sending; the server's refusal shows under the
 * fields, and the dialog stays open with what was typed.
 */
export function LogEntryForm({ carId, entry, open, onOpenChange, onSaved }: LogEntryFormProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="xl">
        <DialogHeader>
          <DialogTitle>{entry ? 'Edit log entry' : 'Add log entry'}</DialogTitle>
          <DialogDescription>What was done, and when. Mileage, cost and photos are optional.</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: every opening starts from the entry (or an empty form). */}
        {open ? <LogEntryFormBody carId={carId} entry={entry} onOpenChange={onOpenChange} onSaved={onSaved} /> : null}
      </DialogContent>
    </Dialog>
  );
}

import * as React from 'react';
import { FALLBACK_MESSAGES, MEET_TEXT_LIMITS, meetWallClock, type Meet } from '@pitlane/api/contract';
import { errorMessage } from '@pitlane/api/client';
import { useCreateMeet, useUpdateMeet } from '@pitlane/api/hooks';
import { useController } from 'react-hook-form';
import { useContractForm } from '../../lib/form.ts';
import { Button } from '../../primitives/Button/Button.tsx';
import { Field } from '../../primitives/Field/Field.tsx';
import { ErrorLine } from '../../primitives/FormMessages/ErrorLine.tsx';
import { Input } from '../../primitives/Input/Input.tsx';
import { Select } from '../../primitives/Select/Select.tsx';
import { Textarea } from '../../primitives/Textarea/Textarea.tsx';
import { CoverPhotoField } from '../CoverPhotoField/CoverPhotoField.tsx';
import { MeetCover } from '../MeetCard/MeetCard.tsx';
import { browserTimeZone, meetFormRule, timeZoneOptions, type MeetFormValues } from './meet-form-rules.ts';

export type MeetFormProps = {
  /** After the server saved it, with its reply (the page goes to the meet). */
  onSaved: (meet: Meet) => void;
  /** "Cancel": leave without saving. */
  onCancel: () => void;
  /** A new meet's zone; default the reader's own (stories pin it). */
  defaultTimeZone?: string;
} & ({ communityId: string; meet?: undefined } | { meet: Meet; communityId?: undefined });

function initialValues(meet: Meet | undefined, zone: string): MeetFormValues {
  return {
    title: meet?.title ?? '',
    description: meet?.description ?? '',
    startsAt: meet ? meetWallClock(meet.startsAt, meet.timeZone) : '',
    endsAt: meet ? meetWallClock(meet.endsAt, meet.timeZone) : '',
    timeZone: meet?.timeZone ?? zone,
    address: meet?.place.address ?? '',
    latitude: meet?.place.latitude === null || meet === undefined ? '' : String(meet.place.latitude),
    longitude: meet?.place.longitude === null || meet === undefined ? '' : String(meet.place.longitude),
    coverImage: null,
    coverImageAlt: meet?.coverImageAlt ?? '',
    removeCover: false,
  };
}

/** The fields as the route reads them. */
function bodyOf(values: MeetFormValues, editing: boolean) {
  const coordinates = values.latitude.trim() === '' ? {} : { latitude: Number(values.latitude.trim()), longitude: Number(values.longitude.trim()) };
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    startsAt: values.startsAt,
    endsAt: values.endsAt,
    timeZone: values.timeZone,
    address: values.address.trim(),
    ...coordinates,
    coverImageAlt: values.coverImageAlt.trim(),
    ...(values.coverImage ? { coverImage: values.coverImage } : {}),
    ...(editing && values.removeCover && !values.coverImage ? { removeCover: true } : {}),
  };
}

/**
 * Create a meet in a community, or edit one (issue 21.4): title, description (mentions and tags
 * become links on the meet's page), start and end as date and time in the meet's time zone (a new
 * meet starts in the reader's own), the address with optional coordinates, and a cover photo
 * with its description. What the server refuses is said under the fields, nothing typed is lost.
 */
export function MeetForm({ meet, communityId, onSaved, onCancel, defaultTimeZone }: MeetFormProps) {
  const editing = meet !== undefined;
  const create = useCreateMeet(communityId ?? meet?.community._id ?? '');
  const update = useUpdateMeet(meet?._id ?? '');
  const saving = editing ? update.isPending : create.isPending;
  const [zone] = React.useState(() => defaultTimeZone ?? browserTimeZone());
  const form = useContractForm<MeetFormValues>({ defaultValues: initialValues(meet, zone), rules: [meetFormRule] });
  const [coverImage, removeCover, timeZone] = form.watch(['coverImage', 'removeCover', 'timeZone']);
  const zones = React.useMemo(() => timeZoneOptions(timeZone), [timeZone]);
  const errorId = React.useId();
  const whenHintId = React.useId();
  const error = form.message;

  const clearMessage = () => {
    if (form.formState.errors.root) form.clearErrors('root');
  };
  const field = (name: Exclude<keyof MeetFormValues, 'coverImage' | 'removeCover'>) => form.register(name, { onChange: clearMessage });
  // Controlled, so the counters count what an edit starts with too.
  const description = useController({ control: form.control, name: 'description' });
  const coverImageAlt = useController({ control: form.control, name: 'coverImageAlt' });

  const onSubmit = form.submitWith((values) => {
    const body = bodyOf(values, editing);
    const done = {
      onSuccess: (saved: Meet) => onSaved(saved),
      onError: (failure: unknown) => form.failWith(errorMessage(failure, FALLBACK_MESSAGES.saveMeetFailed)),
    };
    if (editing) update.mutate({ body }, done);
    else create.mutate({ body }, done);
  }, saving);

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-describedby={error ? errorId : undefined}>
      <fieldset disabled={saving} className="grid min-w-0 gap-5">
        <Field label="Title">
          <Input autoComplete="off" maxLength={MEET_TEXT_LIMITS.title} placeholder="Sunday breakfast run" {...field('title')} />
        </Field>
        <Field label="Description (optional)">
          <Textarea
            rows={4}
            maxLength={MEET_TEXT_LIMITS.description}
            placeholder="The plan, the route, what to bring. @mention people and #tag it."
            {...description.field}
            onChange={(event) => {
              description.field.onChange(event);
              clearMessage();
            }}
          />
        </Field>

        <fieldset className="grid min-w-0 gap-4" aria-describedby={whenHintId}>
          <legend className="mb-1 text-sm font-semibold">When</legend>
          <p id={whenHintId} className="text-xs text-muted-foreground">
            Dates and times are in the meet’s time zone.
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Starts">
              <Input type="datetime-local" {...field('startsAt')} />
            </Field>
            <Field label="Ends">
              <Input type="datetime-local" {...field('endsAt')} />
            </Field>
          </div>
          <Field label="Time zone">
            <Select {...field('timeZone')}>
              {zones.map((name) => (
                <option key={name} value={name}>
                  {name.replace(/_/g, ' ')}
                </option>
              ))}
            </Select>
          </Field>
        </fieldset>

        <fieldset className="grid min-w-0 gap-4">
          <legend className="mb-1 text-sm font-semibold">Where</legend>
          <Field label="Address or place">
            <Input autoComplete="off" maxLength={MEET_TEXT_LIMITS.address} placeholder="Brooklands Museum, Weybridge" {...field('address')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Latitude (optional)">
              <Input inputMode="decimal" autoComplete="off" placeholder="51.3496" {...field('latitude')} />
            </Field>
            <Field label="Longitude (optional)">
              <Input inputMode="decimal" autoComplete="off" placeholder="-0.4654" {...field('longitude')} />
            </Field>
          </div>
        </fieldset>

        <CoverPhotoField
          currentUrl={meet?.coverImageUrl}
          picked={coverImage}
          removed={removeCover}
          placeholder={<MeetCover meet={{ coverImageUrl: null, coverImageAlt: '' }} className="h-24 w-full rounded-md" />}
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

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" busy={saving} busyLabel="Saving...">
          {editing ? 'Save Changes' : 'Create meet'}
        </Button>
      </div>
    </form>
  );
}

import type * as React from 'react';
import { ImagePlus, Trash2 } from 'lucide-react';
import { MAX_PHOTO_DESCRIPTION_LENGTH } from '@pitlane/api/contract';
import { Button } from '../../primitives/Button/Button.tsx';
import { Field } from '../../primitives/Field/Field.tsx';
import { Textarea } from '../../primitives/Textarea/Textarea.tsx';
import { SingleImagePicker } from '../SingleImagePicker/SingleImagePicker.tsx';

export interface CoverPhotoFieldProps {
  /** The saved cover (an edit); null, undefined or '' when there is none. */
  currentUrl: string | null | undefined;
  /** The new picture picked in this form, if any. */
  picked: File | null;
  /** Edit: "Remove photo" was pressed, the saved cover is to go. */
  removed: boolean;
  /** Stands where no picture is: the meet's or the car's own placeholder, of the preview's width. */
  placeholder: React.ReactNode;
  onPick: (file: File) => void;
  /** Edit only: offers "Remove photo" while the saved cover is kept. */
  onRemove?: () => void;
  /** The cover's description, held by the form (so its counter counts what an edit starts with). */
  description: string;
  onDescriptionChange: (description: string) => void;
  disabled?: boolean;
}

/**
 * An optional cover photo and its description (alt text), as a car and a meet have them: the
 * picker with a preview of the new picture, the saved one or the placeholder, "Remove photo" on
 * an edit, and the description field while there is a picture. Two blocks, so the form's own gap
 * spaces them.
 */
export function CoverPhotoField({ currentUrl, picked, removed, placeholder, onPick, onRemove, description, onDescriptionChange, disabled }: CoverPhotoFieldProps) {
  const keepsCurrent = Boolean(currentUrl) && !removed;
  const hasCover = picked !== null || keepsCurrent;
  return (
    <>
      <div className="grid gap-2">
        <SingleImagePicker
          layout="below"
          title="Cover photo (optional)"
          disabled={disabled}
          onChange={(file) => {
            onPick(file);
            // A new picture needs its own description: the old one described another.
            onDescriptionChange('');
          }}
          preview={(shown) =>
            shown ? (
              <img src={shown.url} alt="New cover preview" className="h-36 w-full rounded-md bg-surface-sunken object-cover" />
            ) : currentUrl && hasCover ? (
              <img src={currentUrl} alt="Current cover" className="h-36 w-full rounded-md bg-surface-sunken object-cover" />
            ) : (
              placeholder
            )
          }
        >
          <ImagePlus aria-hidden />
          {hasCover ? 'Change photo' : 'Choose photo'}
        </SingleImagePicker>
        {onRemove && keepsCurrent && picked === null ? (
          <Button variant="ghost" size="sm" className="w-fit" onClick={onRemove}>
            <Trash2 aria-hidden />
            Remove photo
          </Button>
        ) : null}
      </div>
      {hasCover ? (
        <Field label="Description of the cover (alt text)">
          <Textarea
            value={description}
            onChange={(event) => onDescriptionChange(event.target.value)}
            placeholder="Describe this photo for people who can't see it"
            maxLength={MAX_PHOTO_DESCRIPTION_LENGTH}
            rows={2}
            compact
          />
        </Field>
      ) : null}
    </>
  );
}

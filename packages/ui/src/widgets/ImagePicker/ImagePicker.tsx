import * as React from 'react';
import { ImagePlus, SquarePen, X } from 'lucide-react';
import { FORM_MESSAGES, MAX_PHOTO_DESCRIPTION_LENGTH, MAX_POST_IMAGES, REFUSAL_MESSAGES, type Post } from '@pitlane/api/contract';
import { cn } from '../../lib/cn.ts';
import { Button } from '../../primitives/Button/Button.tsx';
import { Field } from '../../primitives/Field/Field.tsx';
import { ErrorLine } from '../../primitives/FormMessages/ErrorLine.tsx';
import { IconButton } from '../../primitives/IconButton/IconButton.tsx';
import { Textarea } from '../../primitives/Textarea/Textarea.tsx';
import { PhotoEditorDialog, preloadPhotoEditor } from '../PhotoEditor/PhotoEditorDialog.tsx';

/** One image of a post being written: one it already has (edit), or a file just picked; with its description (alt text). */
export type PickedImage =
  | { kind: 'existing'; key: string; url: string; alt: string }
  | { kind: 'new'; key: string; url: string; file: File; alt: string };

/** The images already on a post, in order, with their descriptions, as the picker holds them. */
export function existingImages(post: Pick<Post, 'imageUrls' | 'images'>): PickedImage[] {
  const descriptions = new Map(post.images?.map((image) => [image.url, image.alt]));
  return post.imageUrls.map((url, i) => ({ kind: 'existing', key: `existing-${i}-${url.slice(-16)}`, url, alt: descriptions.get(url) ?? '' }));
}

/** The gentle prompt beside a photo without a description (issue 18); posting still works. */
export const PHOTO_DESCRIPTION_PROMPT = "Photos without a description can't be enjoyed by people using screen readers.";
/** Beside a photo without a description when the person's settings require one. */
export const PHOTO_DESCRIPTION_REQUIRED = 'Required: your settings ask for a description on every photo.';

export interface ImagePickerProps {
  /** Existing images first (edit), then new files, in the order they will be saved. */
  value: PickedImage[];
  onChange: (images: PickedImage[]) => void;
  /** Create counts "Selected Images ([n] / 5)"; edit counts "Images ([n] / 5)" and words its limit differently (spec §5). */
  mode: 'create' | 'edit';
  disabled?: boolean;
  /** Marks the picker invalid, e.g. while "Please select at least one image to upload." shows. */
  invalid?: boolean;
  /** The person's "Require descriptions on my photos": an empty description says it is required. */
  requireDescriptions?: boolean;
  /** Marks the empty descriptions invalid (a post refused for want of them). */
  descriptionsInvalid?: boolean;
  /** At most this many photos (a post's MAX_POST_IMAGES unless given: a log entry's MAX_LOG_PHOTOS). */
  max?: number;
  /** The counter's words for pickers other than a post's: (3, 5) => "Photos (3 / 5)". */
  counterText?: (count: number, max: number) => string;
  /** The alert when a pick would pass `max`, for pickers other than a post's. */
  tooManyMessage?: string;
  /** Ids of messages that describe the picker (the form's error). */
  'aria-describedby'?: string;
  className?: string;
}

let nextKey = 0;

/**
 * The post form's image picker (spec §2, §5): image files only, drag and drop on desktop or the
 * "Select Photos" button, a preview of each with its remove button, and the 5-image limit.
 *
 * The picker owns the previews' object URLs: it makes one when a file is picked and revokes it
 * when that image is removed or replaced or the picker unmounts, so no blob outlives its preview.
 *
 * A photo just picked can be edited before it is posted ("Edit photo [n]"): cropped, turned, and
 * with number plates or faces blurred into its pixels (PhotoEditor). The edited file takes the
 * picked one's place, so the original never leaves the device. Photos already on the post (edit)
 * are the server's copies: they are not edited here, since a new copy would mean uploading it
 * again; removing one and picking a new one does that.
 */
export function ImagePicker({
  value,
  onChange,
  mode,
  disabled = false,
  invalid = false,
  requireDescriptions = false,
  descriptionsInvalid = false,
  max = MAX_POST_IMAGES,
  counterText,
  tooManyMessage,
  'aria-describedby': describedBy,
  className,
}: ImagePickerProps) {
  const inputRef = React.useRef<HTMLInputElement>(null);
  const counterId = React.useId();
  const noticeId = React.useId();
  const [notice, setNotice] = React.useState<string | null>(null);
  const [dragging, setDragging] = React.useState(false);
  /** The key of the photo open in the editor. */
  const [editing, setEditing] = React.useState<string | null>(null);

  // Revoke the previews still shown when the picker goes away. The list is read from a ref so the
  // cleanup sees the latest images, not the ones of the first render.
  const latest = React.useRef(value);
  React.useEffect(() => {
    latest.current = value;
  }, [value]);
  React.useEffect(
    () => () => {
      for (const image of latest.current) if (image.kind === 'new') URL.revokeObjectURL(image.url);
    },
    [],
  );

  function add(files: File[]) {
    if (files.length === 0) return;
    const images = files.filter((file) => file.type.startsWith('image/'));
    if (images.length === 0) {
      setNotice(REFUSAL_MESSAGES.notAnImage);
      return;
    }
    if (value.length + images.length > max) {
      // Spec §5: the whole pick is refused with the alert, nothing half-added.
      setNotice(tooManyMessage ?? (mode === 'create' ? FORM_MESSAGES.maxImagesOnCreate : FORM_MESSAGES.maxImagesOnEdit));
      return;
    }
    setNotice(images.length < files.length ? REFUSAL_MESSAGES.notAnImage : null);
    onChange([...value, ...images.map((file): PickedImage => ({ kind: 'new', key: `new-${++nextKey}`, url: URL.createObjectURL(file), file, alt: '' }))]);
  }

  function remove(index: number) {
    const image = value[index];
    if (!image) return;
    if (image.kind === 'new') URL.revokeObjectURL(image.url);
    setNotice(null);
    onChange(value.filter((_, i) => i !== index));
  }

  /** The edited photo takes the picked one's place (same key, description and position). */
  function replace(key: string, file: File) {
    onChange(
      value.map((image) => {
        if (image.key !== key || image.kind !== 'new') return image;
        URL.revokeObjectURL(image.url);
        return { ...image, file, url: URL.createObjectURL(file) };
      }),
    );
    setEditing(null);
  }

  function describe(index: number, alt: string) {
    onChange(value.map((image, i) => (i === index ? { ...image, alt } : image)));
  }

  /** The note beside an empty description: the gentle prompt, or that the settings require one. */
  const emptyNote = requireDescriptions ? PHOTO_DESCRIPTION_REQUIRED : PHOTO_DESCRIPTION_PROMPT;

  const count = value.length;
  const counter = counterText
    ? counterText(count, max)
    : mode === 'create'
      ? `Selected Images (${count} / ${max})`
      : `Images (${count} / ${max})`;
  const full = count >= max;
  const editingIndex = value.findIndex((image) => image.key === editing);
  const edited = value[editingIndex];

  return (
    <div
      role="group"
      aria-labelledby={counterId}
      aria-describedby={[notice ? noticeId : '', describedBy].filter(Boolean).join(' ') || undefined}
      data-slot="image-picker"
      className={cn('flex flex-col gap-3', className)}
    >
      <p id={counterId} aria-live="polite" className="text-sm font-medium text-foreground tabular-nums">
        {counter}
      </p>

      <div
        data-slot="image-picker-dropzone"
        data-dragging={dragging || undefined}
        data-invalid={invalid || undefined}
        onDragEnter={(event) => {
          if (disabled) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => {
          if (disabled) return;
          // Without this the browser opens the dropped file instead of handing it to us.
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          if (!disabled) add([...event.dataTransfer.files]);
        }}
        className={cn(
          'flex flex-col items-center gap-3 rounded-lg text-center',
          // Drag and drop is a desktop affair (spec §2): phones get the button alone, no drop zone.
          'md:border-2 md:border-dashed md:border-input md:bg-surface-sunken md:px-4 md:py-6',
          'data-invalid:md:border-danger data-dragging:border-ring data-dragging:bg-muted',
        )}
      >
        <ImagePlus aria-hidden className="hidden size-8 text-muted-foreground md:block" />
        <p className="hidden text-sm text-muted-foreground md:block">Drag and drop photos here, or</p>
        <Button variant="outline" disabled={disabled || full} onClick={() => inputRef.current?.click()} className="max-md:w-full">
          Select Photos
        </Button>
        <input
          ref={inputRef}
          type="file"
          accept="image/*"
          multiple
          hidden
          disabled={disabled}
          data-slot="image-picker-input"
          onChange={(event) => {
            add([...(event.target.files ?? [])]);
            // Picking the same file again after removing it must fire change again.
            event.target.value = '';
          }}
        />
      </div>

      {notice ? (
        <ErrorLine id={noticeId} role="alert">
          {notice}
        </ErrorLine>
      ) : null}

      {count > 0 ? (
        <ul data-slot="image-picker-previews" aria-label="Images" className="flex flex-col gap-3">
          {value.map((image, index) => {
            const missing = image.alt.trim() === '';
            return (
              <li key={image.key} className="flex items-start gap-3">
                <div className="relative size-20 shrink-0 overflow-hidden rounded-md bg-surface-sunken sm:size-24">
                  <img src={image.url} alt={`Image ${index + 1}`} className="size-full object-cover" />
                  <IconButton
                    aria-label={`Remove image ${index + 1}`}
                    size="xs"
                    variant="on-photo"
                    disabled={disabled}
                    onClick={() => remove(index)}
                    className="absolute top-1 right-1"
                  >
                    <X />
                  </IconButton>
                  {image.kind === 'new' ? (
                    <IconButton
                      aria-label={`Edit photo ${index + 1}`}
                      size="xs"
                      variant="on-photo"
                      disabled={disabled}
                      onPointerEnter={preloadPhotoEditor}
                      onFocus={preloadPhotoEditor}
                      onClick={() => setEditing(image.key)}
                      className="absolute right-1 bottom-1"
                    >
                      <SquarePen />
                    </IconButton>
                  ) : null}
                </div>
                <Field
                  label={`Description of photo ${index + 1} (alt text)`}
                  status={missing ? emptyNote : null}
                  tone={missing && descriptionsInvalid ? 'error' : 'neutral'}
                  className="min-w-0 flex-1"
                >
                  <Textarea
                    value={image.alt}
                    onChange={(event) => describe(index, event.target.value)}
                    placeholder="Describe this photo for people who can't see it"
                    maxLength={MAX_PHOTO_DESCRIPTION_LENGTH}
                    rows={2}
                    disabled={disabled}
                    compact
                  />
                </Field>
              </li>
            );
          })}
        </ul>
      ) : null}

      <PhotoEditorDialog
        file={edited?.kind === 'new' ? edited.file : null}
        photoNumber={editingIndex + 1}
        onApply={(file) => editing && replace(editing, file)}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}

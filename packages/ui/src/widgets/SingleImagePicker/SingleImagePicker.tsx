import * as React from 'react';
import { REFUSAL_MESSAGES } from '@pitlane/api/contract';
import { cn } from '../../lib/cn.ts';
import { buttonVariants } from '../../primitives/Button/Button.tsx';

/** The picked file and its local preview URL. */
export interface PickedFile {
  file: File;
  url: string;
}

export interface SingleImagePickerProps {
  /** The new file, each time one is picked (never one refused for not being an image). */
  onChange: (file: File) => void;
  /** Draws the preview: the picked file's, or (null) the current picture's. */
  preview: (picked: PickedFile | null) => React.ReactNode;
  /** The pick button's content: an icon and "Change photo", "Change cover"… */
  children: React.ReactNode;
  /**
   * `beside`: the preview left of the button and its line (the profile photo); `below`: a titled
   * block with the preview above them (a community's cover).
   */
  layout?: 'beside' | 'below';
  /** The block's heading in the `below` layout. */
  title?: React.ReactNode;
  /** The line under the button before anything is picked, e.g. the accepted formats. */
  hint?: React.ReactNode;
  disabled?: boolean;
}

/** Spec §2 "image files only": a type the browser reports as an image. The server checks the bytes. */
const isImageFile = (file: File) => file.type.startsWith('image/');

/**
 * The picked file with a preview URL made when it is picked (not during render), released when
 * another is picked or the picker goes away.
 */
function usePickedFile() {
  const [picked, setPicked] = React.useState<PickedFile | null>(null);
  const latest = React.useRef<PickedFile | null>(null);
  React.useEffect(
    () => () => {
      if (latest.current) URL.revokeObjectURL(latest.current.url);
      latest.current = null;
    },
    [],
  );
  const pick = React.useCallback((file: File) => {
    if (latest.current) URL.revokeObjectURL(latest.current.url);
    const next = { file, url: URL.createObjectURL(file) };
    latest.current = next;
    setPicked(next);
  }, []);
  return [picked, pick] as const;
}

/**
 * One picture chosen from the device with its preview (Edit Profile's photo, Edit Community's
 * cover): a button that opens the file chooser, then the file's name, or "Only image files can
 * be uploaded." when it was not an image. The form gets the file through `onChange`; many
 * pictures in order are ImagePicker's job.
 */
export function SingleImagePicker({ onChange, preview, children, layout = 'beside', title, hint, disabled }: SingleImagePickerProps) {
  const [picked, pick] = usePickedFile();
  const [refused, setRefused] = React.useState(false);
  const inputId = React.useId();
  const statusId = React.useId();
  const beside = layout === 'beside';

  const control = (
    <div className={beside ? 'flex min-w-0 flex-col items-start gap-1.5' : 'flex items-center gap-3'}>
      {/* The real file input stays in the tab order (visually hidden); its label is the button. */}
      <input
        id={inputId}
        type="file"
        accept="image/*"
        className="peer sr-only"
        aria-describedby={statusId}
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so picking the same file again still counts as a change.
          event.target.value = '';
          if (!file) return;
          if (!isImageFile(file)) {
            setRefused(true);
            return;
          }
          setRefused(false);
          pick(file);
          onChange(file);
        }}
      />
      <label
        htmlFor={inputId}
        className={cn(
          buttonVariants({ variant: 'outline', size: 'sm' }),
          'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring peer-disabled:cursor-not-allowed peer-disabled:opacity-50',
        )}
      >
        {children}
      </label>
      <p
        id={statusId}
        aria-live="polite"
        className={cn(beside ? 'max-w-full' : 'min-w-0', 'truncate text-xs', refused ? 'font-medium text-danger' : 'text-muted-foreground')}
      >
        {refused ? REFUSAL_MESSAGES.notAnImage : picked ? picked.file.name : (hint ?? null)}
      </p>
    </div>
  );

  return beside ? (
    <div data-slot="single-image-picker" className="flex items-center gap-4">
      {preview(picked)}
      {control}
    </div>
  ) : (
    <div data-slot="single-image-picker" className="grid gap-2">
      {title ? <span className="text-sm font-medium">{title}</span> : null}
      {preview(picked)}
      {control}
    </div>
  );
}

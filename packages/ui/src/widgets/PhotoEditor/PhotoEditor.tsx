import * as React from 'react';
import { ReactCrop, centerCrop, makeAspectCrop, type PercentCrop } from 'react-image-crop';
import 'react-image-crop/dist/ReactCrop.css';
import { CircleAlert, RotateCw, SquareDashed, Trash2 } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { Button } from '../../primitives/Button/Button.tsx';
import { DialogFooter } from '../../primitives/Dialog/Dialog.tsx';
import { Select } from '../../primitives/Select/Select.tsx';
import { Skeleton } from '../../primitives/Skeleton/Skeleton.tsx';
import { decodePhoto, drawTurned, editedFile, turnedSize, type Box } from './render-photo.ts';

/*
 * The photo privacy editor (issue 18): crop (react-image-crop: free or a preset shape, by pointer
 * or keyboard), a quarter turn, and blur areas over number plates or faces. "Apply" burns all of it
 * into a new file on this device (render-photo.ts); the original is never uploaded.
 *
 * Loaded on demand: the image picker imports this module only when "Edit photo" is first used,
 * so neither it nor the crop library is in any page's first load.
 */

export interface PhotoEditorProps {
  /** The picked photo (only ever in memory). */
  file: File;
  /** Which photo of the post this is, for the names: "Photo 1". */
  photoNumber: number;
  /** The edited photo, to take the picked one's place. */
  onApply: (file: File) => void;
  /** Leaves the photo as it was. */
  onCancel: () => void;
}

/** The crop shapes offered; "Free" lets the crop take any shape. */
export const CROP_SHAPES = [
  { value: 'free', label: 'Free', aspect: undefined },
  { value: '1:1', label: 'Square (1:1)', aspect: 1 },
  { value: '4:5', label: 'Portrait (4:5)', aspect: 4 / 5 },
  { value: '4:3', label: 'Landscape (4:3)', aspect: 4 / 3 },
  { value: '16:9', label: 'Wide (16:9)', aspect: 16 / 9 },
] as const;
type CropShape = (typeof CROP_SHAPES)[number]['value'];

const WHOLE_CROP: PercentCrop = { unit: '%', x: 0, y: 0, width: 100, height: 100 };
/** The longest side of the picture shown while editing; "Apply" works on the full-size photo. */
const PREVIEW_MAX_SIDE = 1600;
/** A new blur area: number-plate shaped, in the middle. */
const NEW_BLUR: Box = { x: 0.35, y: 0.44, width: 0.3, height: 0.12 };
/** Keyboard steps, in fractions of the photo. */
const STEP = 0.01;
const MIN_SIDE = 0.03;

interface BlurArea {
  id: number;
  box: Box;
}

const CROP_LABELS = {
  cropArea: 'Crop area: arrow keys move it',
  nwDragHandle: 'Top-left corner of the crop: arrow keys resize',
  nDragHandle: 'Top edge of the crop: arrow keys resize',
  neDragHandle: 'Top-right corner of the crop: arrow keys resize',
  eDragHandle: 'Right edge of the crop: arrow keys resize',
  seDragHandle: 'Bottom-right corner of the crop: arrow keys resize',
  sDragHandle: 'Bottom edge of the crop: arrow keys resize',
  swDragHandle: 'Bottom-left corner of the crop: arrow keys resize',
  wDragHandle: 'Left edge of the crop: arrow keys resize',
};

export function PhotoEditor({ file, photoNumber, onApply, onCancel }: PhotoEditorProps) {
  const [image, setImage] = React.useState<ImageBitmap | null>(null);
  const [failed, setFailed] = React.useState(false);
  const [quarterTurns, setQuarterTurns] = React.useState(0);
  const [shape, setShape] = React.useState<CropShape>('free');
  const [crop, setCrop] = React.useState<PercentCrop>(WHOLE_CROP);
  const [blurs, setBlurs] = React.useState<BlurArea[]>([]);
  const [selected, setSelected] = React.useState<number | null>(null);
  const [applying, setApplying] = React.useState(false);
  const nextId = React.useRef(1);
  const areaRefs = React.useRef(new Map<number, HTMLDivElement>());
  const addButton = React.useRef<HTMLButtonElement>(null);
  const helpId = React.useId();
  const errorId = React.useId();

  // Decoded once, upright; closed when the editor goes.
  React.useEffect(() => {
    let live = true;
    let decoded: ImageBitmap | null = null;
    decodePhoto(file).then(
      (bitmap) => {
        decoded = bitmap;
        if (live) setImage(bitmap);
        else bitmap.close();
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      decoded?.close();
    };
  }, [file]);

  const preview = useTurnedPreview(image, quarterTurns);
  const turned = image ? turnedSize(image.width, image.height, quarterTurns) : null;
  const aspect = CROP_SHAPES.find((option) => option.value === shape)!.aspect;

  /** The largest crop of `aspect` in the middle of a `width` × `height` photo (the library's geometry). */
  const cropFor = (value: number | undefined, size: { width: number; height: number }): PercentCrop =>
    value === undefined ? WHOLE_CROP : centerCrop(makeAspectCrop({ unit: '%', width: 100 }, value, size.width, size.height), size.width, size.height);

  function chooseShape(value: CropShape) {
    setShape(value);
    const next = CROP_SHAPES.find((option) => option.value === value)!.aspect;
    // Free keeps the crop as it is; a shape starts from its largest centred crop.
    if (next !== undefined && turned) setCrop(cropFor(next, turned));
  }

  function turn() {
    if (!image) return;
    const q = (quarterTurns + 1) % 4;
    setQuarterTurns(q);
    setCrop(cropFor(aspect, turnedSize(image.width, image.height, q)));
    // The blur areas turn with the photo: what was at the left edge is now at the top.
    setBlurs((areas) => areas.map((area) => ({ ...area, box: { x: 1 - area.box.y - area.box.height, y: area.box.x, width: area.box.height, height: area.box.width } })));
  }

  function addBlur() {
    const id = nextId.current++;
    setBlurs((areas) => [...areas, { id, box: NEW_BLUR }]);
    setSelected(id);
    // Focused once drawn, so the arrow keys move it straight away.
    requestAnimationFrame(() => areaRefs.current.get(id)?.focus());
  }

  function moveBlur(id: number, box: Box) {
    setBlurs((areas) => areas.map((area) => (area.id === id ? { ...area, box } : area)));
  }

  function removeBlur(id: number) {
    const index = blurs.findIndex((area) => area.id === id);
    const rest = blurs.filter((area) => area.id !== id);
    setBlurs(rest);
    setSelected(null);
    // Focus goes to the next area, else the previous, else "Add blur area".
    const next = rest[index] ?? rest[index - 1];
    requestAnimationFrame(() => (next ? areaRefs.current.get(next.id) : addButton.current)?.focus());
  }

  async function apply() {
    if (!image) return;
    setApplying(true);
    try {
      const box = { x: crop.x / 100, y: crop.y / 100, width: crop.width / 100, height: crop.height / 100 };
      onApply(await editedFile(file, { quarterTurns, crop: box, blurs: blurs.map((area) => area.box) }, image));
    } catch {
      setFailed(true);
      setApplying(false);
    }
  }

  return (
    <div data-slot="photo-editor" className="flex min-w-0 flex-col gap-4">
      <div role="toolbar" aria-label={`Photo ${photoNumber} tools`} className="flex flex-wrap items-end gap-2">
        <label className="flex min-w-40 flex-1 flex-col gap-1.5 text-sm font-medium sm:max-w-52">
          Crop shape
          <Select value={shape} disabled={!image} onChange={(event) => chooseShape(event.target.value as CropShape)}>
            {CROP_SHAPES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </label>
        <Button variant="outline" disabled={!image} onClick={turn}>
          <RotateCw aria-hidden />
          Rotate 90°
        </Button>
        <Button ref={addButton} variant="outline" disabled={!image} onClick={addBlur}>
          <SquareDashed aria-hidden />
          Add blur area
        </Button>
        <Button
          variant="ghost"
          disabled={selected === null}
          onClick={() => selected !== null && removeBlur(selected)}
          aria-label={selected === null ? 'Remove blur area' : `Remove blur area ${blurs.findIndex((area) => area.id === selected) + 1}`}
        >
          <Trash2 aria-hidden />
          <span className="max-sm:sr-only">Remove blur area</span>
        </Button>
      </div>

      <div className="flex min-h-48 items-center justify-center rounded-md bg-asphalt p-2">
        {failed ? (
          <p id={errorId} role="alert" className="flex items-center gap-2 p-6 text-sm text-white">
            <CircleAlert aria-hidden className="size-4 shrink-0" />
            This photo can't be edited here. Cancel keeps it as it was.
          </p>
        ) : preview && turned ? (
          // The blur areas lie over the crop, in the same box as the picture, so fractions of one are fractions of the other.
          <div data-slot="photo-editor-canvas" className="relative flex max-w-full">
            <ReactCrop
              crop={crop}
              aspect={aspect}
              keepSelection
              minWidth={24}
              minHeight={24}
              ariaLabels={CROP_LABELS}
              onChange={(_, percent) => setCrop(percent)}
              className="max-h-[min(55dvh,30rem)]"
              style={{ '--rc-focus-color': 'var(--color-ring)' } as React.CSSProperties}
            >
              <img src={preview} alt={`Photo ${photoNumber}, as it will be posted`} width={turned.width} height={turned.height} className="h-auto" />
            </ReactCrop>
            <div className="pointer-events-none absolute inset-0">
              {blurs.map((area, index) => (
                <BlurAreaHandle
                  key={area.id}
                  ref={(node) => {
                    if (node) areaRefs.current.set(area.id, node);
                    else areaRefs.current.delete(area.id);
                  }}
                  label={`Blur area ${index + 1}`}
                  box={area.box}
                  describedBy={helpId}
                  onFocus={() => setSelected(area.id)}
                  onChange={(box) => moveBlur(area.id, box)}
                  onRemove={() => removeBlur(area.id)}
                />
              ))}
            </div>
          </div>
        ) : (
          <Skeleton aria-label="Loading photo" role="status" tone="dark" className="h-64 w-full" />
        )}
      </div>

      <p id={helpId} className="text-sm text-muted-foreground">
        Drag a blur area to move it, or its corner to resize it. With the keyboard: arrow keys move it, Shift + arrow keys
        resize it, Delete removes it. Blur areas are burned into the photo on this device; the original is never uploaded.
      </p>

      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={() => void apply()} disabled={!image || failed} busy={applying} busyLabel="Applying...">
          Apply
        </Button>
      </DialogFooter>
    </div>
  );
}

export default PhotoEditor;

/** The turned photo at screen size, as an object URL for the crop's <img> (revoked when replaced). */
function useTurnedPreview(image: ImageBitmap | null, quarterTurns: number): string | null {
  const [url, setUrl] = React.useState<string | null>(null);
  React.useEffect(() => {
    if (!image) return;
    let live = true;
    let made: string | null = null;
    const scale = Math.min(1, PREVIEW_MAX_SIDE / Math.max(image.width, image.height));
    const size = turnedSize(Math.round(image.width * scale), Math.round(image.height * scale), quarterTurns);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, size.width, size.height);
    drawTurned(ctx, image, quarterTurns, scale);
    // A JPEG: quick to encode, and only for the screen (Apply draws from the full-size photo).
    canvas.toBlob(
      (blob) => {
        if (!blob || !live) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      },
      'image/jpeg',
      0.92,
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [image, quarterTurns]);
  return url;
}

interface BlurAreaHandleProps {
  ref: React.Ref<HTMLDivElement>;
  label: string;
  box: Box;
  describedBy: string;
  onFocus: () => void;
  onChange: (box: Box) => void;
  onRemove: () => void;
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** A box kept inside the photo and no smaller than MIN_SIDE. */
function within(box: Box): Box {
  const width = clamp(box.width, MIN_SIDE, 1);
  const height = clamp(box.height, MIN_SIDE, 1);
  return { x: clamp(box.x, 0, 1 - width), y: clamp(box.y, 0, 1 - height), width, height };
}

/**
 * One blur area over the photo: focusable, moved by dragging or the arrow keys, resized by its
 * corner or Shift + arrow keys, removed with Delete. It shows the blur live (a backdrop blur);
 * the real one is burned in on "Apply".
 */
function BlurAreaHandle({ ref, label, box, describedBy, onFocus, onChange, onRemove }: BlurAreaHandleProps) {
  const drag = React.useRef<{ mode: 'move' | 'resize'; x: number; y: number; box: Box; frame: DOMRect } | null>(null);

  function onKeyDown(event: React.KeyboardEvent) {
    const dx = event.key === 'ArrowLeft' ? -STEP : event.key === 'ArrowRight' ? STEP : 0;
    const dy = event.key === 'ArrowUp' ? -STEP : event.key === 'ArrowDown' ? STEP : 0;
    if (dx || dy) {
      event.preventDefault();
      onChange(
        within(
          event.shiftKey
            ? { ...box, width: box.width + dx, height: box.height + dy }
            : { ...box, x: clamp(box.x + dx, 0, 1 - box.width), y: clamp(box.y + dy, 0, 1 - box.height) },
        ),
      );
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onRemove();
    }
  }

  function onPointerDown(event: React.PointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    const frame = event.currentTarget.parentElement!.getBoundingClientRect();
    const mode = (event.target as HTMLElement).dataset.handle === 'resize' ? 'resize' : 'move';
    drag.current = { mode, x: event.clientX, y: event.clientY, box, frame };
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus();
    event.preventDefault();
  }

  function onPointerMove(event: React.PointerEvent) {
    const start = drag.current;
    if (!start) return;
    const dx = (event.clientX - start.x) / start.frame.width;
    const dy = (event.clientY - start.y) / start.frame.height;
    onChange(
      start.mode === 'resize'
        ? within({ ...start.box, width: Math.min(start.box.width + dx, 1 - start.box.x), height: Math.min(start.box.height + dy, 1 - start.box.y) })
        : within({ ...start.box, x: start.box.x + dx, y: start.box.y + dy }),
    );
  }

  return (
    <div
      ref={ref}
      role="group"
      aria-roledescription="blur area"
      aria-label={label}
      aria-describedby={describedBy}
      tabIndex={0}
      data-slot="blur-area"
      onFocus={onFocus}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={() => (drag.current = null)}
      onPointerCancel={() => (drag.current = null)}
      className={cn(
        'pointer-events-auto absolute cursor-move touch-none border-2 border-dashed border-white bg-white/10 backdrop-blur-md',
        'shadow-[0_0_0_1px_rgb(0_0_0/0.6)] outline-none focus-visible:border-solid focus-visible:ring-[3px] focus-visible:ring-ring',
      )}
      style={{ left: `${box.x * 100}%`, top: `${box.y * 100}%`, width: `${box.width * 100}%`, height: `${box.height * 100}%` }}
    >
      <div
        data-handle="resize"
        aria-hidden
        className="absolute -right-1.5 -bottom-1.5 size-3 cursor-se-resize rounded-[2px] border border-asphalt bg-white"
      />
    </div>
  );
}

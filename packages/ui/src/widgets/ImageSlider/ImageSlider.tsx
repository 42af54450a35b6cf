import * as React from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { IMAGE_SLIDER_DEFAULT_HEIGHT_PX, IMAGE_SLIDER_SWIPE_THRESHOLD_PX } from '@pitlane/api/contract';
import { cn } from '../../lib/cn.ts';
import { IconButton } from '../../primitives/IconButton/IconButton.tsx';
import { AltBadge } from './AltBadge.tsx';

/**
 * An image URL, or a URL with its stored pixel size (lets the browser know the shape up front),
 * when it is stored in several widths their `srcSet` (the slider's `sizes` goes with it), and
 * the author's description of it (its `alt`, with the "ALT" badge; empty or absent: none).
 */
export type SliderImage = string | { url: string; width?: number; height?: number; srcSet?: string; alt?: string };

export interface ImageSliderProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  images: readonly SliderImage[];
  /** What the images show (the post title): the slider's name, and the alt text of images without a description. */
  label: string;
  /** Box height in px (spec §9: 400 by default). The box is reserved before any image loads. */
  height?: number;
  /** How wide the slider shows, for the browser to pick from each image's `srcSet`: e.g. `(min-width: 768px) 640px, 100vw`. */
  sizes?: string;
  /**
   * The page's main picture (the first card of a feed, a post's own page): the first image loads
   * at once, at high priority. Otherwise every image loads lazily, when it scrolls near.
   */
  priority?: boolean;
}

const toImage = (image: SliderImage) => (typeof image === 'string' ? { url: image } : image);

/**
 * Spec §2 "Image slider": one image shows alone; several get arrows that wrap around, dots that
 * jump, a touch swipe past 40 px and the arrow keys while focus is inside. The box keeps its
 * height whatever loads (object-fit), so nothing below it moves. Only the first image of a
 * `priority` slider loads at once; the others wait until they are shown or scroll near.
 */
export function ImageSlider({
  images,
  label,
  height = IMAGE_SLIDER_DEFAULT_HEIGHT_PX,
  sizes,
  priority = false,
  className,
  style,
  ...props
}: ImageSliderProps) {
  const slides = images.map(toImage);
  const count = slides.length;
  const [index, setIndex] = React.useState(0);
  const current = Math.min(index, Math.max(count - 1, 0));
  const swipeStart = React.useRef<number | null>(null);

  const go = (next: number) => setIndex(((next % count) + count) % count);

  if (count === 0) return null;
  const several = count > 1;

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (!several) return;
    if (event.key === 'ArrowLeft') go(current - 1);
    else if (event.key === 'ArrowRight') go(current + 1);
    else return;
    event.preventDefault();
  };

  // Pointer events cover touch, pen and mouse alike. A gesture that starts on a control is the
  // control's own (a tap on an arrow or a dot), not a swipe.
  const onPointerDown = (event: React.PointerEvent) => {
    swipeStart.current = (event.target as Element).closest('button') ? null : event.clientX;
  };
  const onPointerUp = (event: React.PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (start === null || !several) return;
    const distance = event.clientX - start;
    if (Math.abs(distance) < IMAGE_SLIDER_SWIPE_THRESHOLD_PX) return;
    go(distance < 0 ? current + 1 : current - 1);
  };

  return (
    // A group, not a region: every post card in a feed has one, and a landmark each (named by
    // post titles, which repeat) would bury the page's own landmarks.
    <div
      role="group"
      data-slot="image-slider"
      aria-roledescription="carousel"
      aria-label={several ? `${label}: ${count} images` : label}
      // Focusable only when there is something to page through with the arrow keys.
      tabIndex={several ? 0 : undefined}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (swipeStart.current = null)}
      // pan-y: vertical drags still scroll the page; horizontal ones are the slider's swipe.
      className={cn('group/slider relative w-full touch-pan-y overflow-hidden bg-surface-sunken select-none focus-visible:outline-none', className)}
      style={{ height, ...style }}
      {...props}
    >
      {slides.map((image, i) => (
        <div
          key={`${i}:${image.url}`}
          role={several ? 'group' : undefined}
          aria-roledescription={several ? 'slide' : undefined}
          aria-label={several ? `${i + 1} of ${count}` : undefined}
          hidden={i !== current}
          className="absolute inset-0"
        >
          <img
            src={image.url}
            srcSet={image.srcSet}
            sizes={image.srcSet ? sizes : undefined}
            alt={image.alt || (several ? `${label}, image ${i + 1} of ${count}` : label)}
            width={image.width}
            height={image.height}
            // Hidden slides and cards further down must not compete with the picture the page is
            // waiting for (the LCP of a feed): only that one loads eagerly, first in the queue.
            loading={priority && i === 0 ? 'eager' : 'lazy'}
            fetchPriority={priority && i === 0 ? 'high' : undefined}
            decoding="async"
            draggable={false}
            className="size-full object-contain"
          />
          {image.alt ? <AltBadge description={image.alt} /> : null}
        </div>
      ))}
      {several && (
        <>
          {/* The focus ring, drawn inside over the photo: the slider often runs edge to edge in a
              card that clips anything outside it, and an inset outline would sit under the slides. */}
          <div aria-hidden className="pointer-events-none absolute inset-0 hidden ring-2 ring-ring ring-inset group-focus-visible/slider:block" />
          <IconButton
            aria-label="Previous image"
            variant="floating"
            size="sm"
            className="absolute top-1/2 left-2 -translate-y-1/2"
            onClick={() => go(current - 1)}
          >
            <ChevronLeft />
          </IconButton>
          <IconButton
            aria-label="Next image"
            variant="floating"
            size="sm"
            className="absolute top-1/2 right-2 -translate-y-1/2"
            onClick={() => go(current + 1)}
          >
            <ChevronRight />
          </IconButton>
          {/* The row lets clicks through beside the dots (to an "ALT" badge). */}
          <div className="pointer-events-none absolute inset-x-0 bottom-2 flex justify-center">
            <div className="pointer-events-auto flex items-center rounded-full bg-asphalt/60 px-1">
              {slides.map((image, i) => (
                <button
                  key={`${i}:${image.url}`}
                  type="button"
                  aria-label={`Image ${i + 1} of ${count}`}
                  aria-current={i === current ? 'true' : undefined}
                  onClick={() => go(i)}
                  // A 24 px target around an 8 px dot (WCAG 2.5.8).
                  className="group flex size-6 items-center justify-center rounded-full"
                >
                  <span
                    aria-hidden
                    className={cn('size-2 rounded-full', i === current ? 'bg-white' : 'bg-white/60 group-hover:bg-white')}
                  />
                </button>
              ))}
            </div>
          </div>
          <p aria-live="polite" className="sr-only">{`Image ${current + 1} of ${count}`}</p>
        </>
      )}
    </div>
  );
}

import { CarFront } from 'lucide-react';
import { postImageSrcSet, type Car } from '@pitlane/api/contract';
import { CoverPhoto } from '../../primitives/CoverPhoto/CoverPhoto.tsx';

export interface CarCoverProps {
  car: Pick<Car, 'coverImageUrl' | 'coverImageAlt'>;
  /** The box's shape and size; the picture fills it (object-cover). */
  className?: string;
  /** How wide the cover shows, for the browser to pick a stored width. */
  sizes?: string;
  /** The page's main picture (the car page's cover): loaded at once, not lazily. */
  priority?: boolean;
}

/**
 * A car's cover photo, or, for a car without one, a quiet placeholder of the same shape with a
 * car drawn in it, so a garage of mixed cars still lines up. The cover's description is its alt
 * text; without one the picture is decorative (the car's name is printed beside it).
 */
export function CarCover({ car, className, sizes, priority = false }: CarCoverProps) {
  const src = car.coverImageUrl;
  return (
    <CoverPhoto
      slot="car-cover"
      src={src}
      srcSet={src ? postImageSrcSet(src) : undefined}
      sizes={sizes}
      alt={car.coverImageAlt}
      icon={CarFront}
      iconClassName="size-1/3 max-h-16 max-w-16"
      priority={priority}
      className={className}
    />
  );
}

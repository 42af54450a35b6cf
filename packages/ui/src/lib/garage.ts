// The garage's words and numbers (issue 17), written once for every widget that shows a car.
import type { Car } from '@pitlane/api/contract';

/** "1 post", "3 posts": a count with its noun, singular for one. */
export function countLabel(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** A car's counts as its cards show them: "3 posts · 5 log entries". */
export function carCountsLabel(car: Pick<Car, 'postCount' | 'logCount'>): string {
  return `${countLabel(car.postCount, 'post', 'posts')} · ${countLabel(car.logCount, 'log entry', 'log entries')}`;
}

/** "Owned now" or "Past car": how a car's `current` reads. */
export const ownershipLabel = (current: boolean): string => (current ? 'Owned now' : 'Past car');

const numberFormats = new Map<string, Intl.NumberFormat>();
/** One formatter per locale and options: building an Intl.NumberFormat costs more than using one. */
function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** An odometer reading with its unit in the reader's locale: "84,200 km", "52,100 mi". */
export function formatMileage(mileage: number, unit: 'km' | 'mi', locale?: string): string {
  return numberFormat(locale, { style: 'unit', unit: unit === 'km' ? 'kilometer' : 'mile', unitDisplay: 'short' }).format(mileage);
}

/** A cost in its currency in the reader's locale: "€1,240.50", "¥120,000" (the currency's own decimals). */
export function formatCost(cost: number, currency: string, locale?: string): string {
  return numberFormat(locale, { style: 'currency', currency }).format(cost);
}

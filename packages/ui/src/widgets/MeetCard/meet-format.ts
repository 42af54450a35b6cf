// How a meet's time and place are written (issue 21.4). A meet happens somewhere: its times are
// written in ITS time zone, with the zone named, whatever the reader's own zone is ("Sat, 28 Nov
// 2026 · 09:00–12:00 GMT" in en-GB). The locale is the reader's (or a provider's, in stories).
import type { Meet, MeetPlace } from '@pitlane/api/contract';

type When = Pick<Meet, 'startsAt' | 'endsAt' | 'timeZone'>;

const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let found = cache.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options);
    cache.set(key, found);
  }
  return found;
}

const dayOf = (iso: string, timeZone: string, locale?: string) =>
  formatter(locale, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone }).format(new Date(iso));
const timeOf = (iso: string, timeZone: string, locale?: string) => formatter(locale, { timeStyle: 'short', timeZone }).format(new Date(iso));
/** The calendar day in the zone, to tell whether a meet ends the day it starts. */
const isoDayOf = (iso: string, timeZone: string) => formatter('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).format(new Date(iso));

/** The zone's short name at `iso` ("GMT", "CET", "GMT+9"), as the locale writes it. */
export function zoneName(iso: string, timeZone: string, locale?: string): string {
  return formatter(locale, { timeZone, timeZoneName: 'short' }).formatToParts(new Date(iso)).find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/**
 * When a meet is, in its own zone: "Sat, 28 Nov 2026 · 09:00–12:00 GMT"; across midnight
 * "Sat, 28 Nov 2026, 22:00 – Sun, 29 Nov 2026, 02:00 GMT".
 */
export function meetWhen(meet: When, locale?: string): string {
  const { startsAt, endsAt, timeZone } = meet;
  const zone = zoneName(startsAt, timeZone, locale);
  if (isoDayOf(startsAt, timeZone) === isoDayOf(endsAt, timeZone)) {
    return `${dayOf(startsAt, timeZone, locale)} · ${timeOf(startsAt, timeZone, locale)}–${timeOf(endsAt, timeZone, locale)} ${zone}`;
  }
  return `${dayOf(startsAt, timeZone, locale)}, ${timeOf(startsAt, timeZone, locale)} – ${dayOf(endsAt, timeZone, locale)}, ${timeOf(endsAt, timeZone, locale)} ${zone}`;
}

/** The card's date block: the month's short name and the day, in the meet's zone. */
export function meetDateBlock(meet: When, locale?: string): { month: string; day: string } {
  const date = new Date(meet.startsAt);
  return {
    month: formatter(locale, { month: 'short', timeZone: meet.timeZone }).format(date),
    day: formatter(locale, { day: 'numeric', timeZone: meet.timeZone }).format(date),
  };
}

/**
 * The place on OpenStreetMap (no map tiles are loaded: a link): the pin at the coordinates when
 * given, else a search for the address.
 */
export function openStreetMapUrl(place: MeetPlace): string {
  if (place.latitude !== null && place.longitude !== null) {
    const { latitude: lat, longitude: lon } = place;
    return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
  }
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(place.address)}`;
}

/** "3 going · 1 interested". */
export function meetCountsLabel(meet: Pick<Meet, 'goingCount' | 'interestedCount'>): string {
  return `${meet.goingCount} going · ${meet.interestedCount} interested`;
}

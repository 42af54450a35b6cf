// The meet form's checks before anything is sent (issue 21.4): the contract's own messages, so
// the form and the server refuse the same things. "Not in the past" and "at most two years ahead"
// need the server's clock: the server says those.
import { isMeetWallClock, MEET_TEXT_LIMITS, REFUSAL_MESSAGES } from '@pitlane/api/contract';
import type { FormRule } from '../../lib/form.ts';

export interface MeetFormValues {
  title: string;
  description: string;
  /** `YYYY-MM-DDTHH:mm` in `timeZone` (a datetime-local input's value). */
  startsAt: string;
  endsAt: string;
  timeZone: string;
  address: string;
  /** As typed; both empty: no coordinates. */
  latitude: string;
  longitude: string;
  /** The picked cover; null keeps the current one (or none). */
  coverImage: File | null;
  coverImageAlt: string;
  /** Edit: the current cover is to go. */
  removeCover: boolean;
}

const coordinate = (text: string, limit: number) => {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(value) && Math.abs(value) <= limit;
};

export const meetFormRule: FormRule<MeetFormValues> = (v) => {
  if (v.title.trim() === '') return REFUSAL_MESSAGES.meetTitleRequired;
  if (v.title.trim().length > MEET_TEXT_LIMITS.title) return REFUSAL_MESSAGES.meetTitleTooLong;
  if (v.description.trim().length > MEET_TEXT_LIMITS.description) return REFUSAL_MESSAGES.meetDescriptionTooLong;
  if (!isMeetWallClock(v.startsAt) || !isMeetWallClock(v.endsAt)) return REFUSAL_MESSAGES.invalidMeetTime;
  // Both in the same zone: as wall clocks, later is later.
  if (v.endsAt <= v.startsAt) return REFUSAL_MESSAGES.meetEndsBeforeStart;
  if (v.address.trim() === '') return REFUSAL_MESSAGES.meetAddressRequired;
  if (v.address.trim().length > MEET_TEXT_LIMITS.address) return REFUSAL_MESSAGES.meetAddressTooLong;
  const hasLatitude = v.latitude.trim() !== '';
  const hasLongitude = v.longitude.trim() !== '';
  if (hasLatitude !== hasLongitude) return REFUSAL_MESSAGES.meetCoordinatesPair;
  if (hasLatitude && !coordinate(v.latitude, 90)) return REFUSAL_MESSAGES.invalidLatitude;
  if (hasLongitude && !coordinate(v.longitude, 180)) return REFUSAL_MESSAGES.invalidLongitude;
  return null;
};

/** The zones to choose from: the runtime's list, with `current` in it even when it is an alias the list lacks. */
export function timeZoneOptions(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = new Set([...known, 'UTC']);
  if (current) zones.add(current);
  return [...zones].sort((a, b) => a.localeCompare(b, 'en'));
}

/** The reader's own zone: a new meet's default. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

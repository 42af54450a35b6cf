import { describe, expect, it } from 'vitest';
import { REFUSAL_MESSAGES } from '@pitlane/api/contract';
import { meetFormRule, timeZoneOptions, type MeetFormValues } from './meet-form-rules.ts';

const valid: MeetFormValues = {
  title: 'Breakfast run',
  description: '',
  startsAt: '2027-03-06T10:00',
  endsAt: '2027-03-06T14:00',
  timeZone: 'Europe/London',
  address: 'Brooklands',
  latitude: '',
  longitude: '',
  coverImage: null,
  coverImageAlt: '',
  removeCover: false,
};

describe('the meet form’s checks', () => {
  it('lets a complete meet through, with or without both coordinates', () => {
    expect(meetFormRule(valid)).toBeNull();
    expect(meetFormRule({ ...valid, latitude: '51.35', longitude: '-0.46' })).toBeNull();
  });

  it('refuses with the server’s sentences', () => {
    expect(meetFormRule({ ...valid, title: '  ' })).toBe(REFUSAL_MESSAGES.meetTitleRequired);
    expect(meetFormRule({ ...valid, endsAt: '' })).toBe(REFUSAL_MESSAGES.invalidMeetTime);
    expect(meetFormRule({ ...valid, endsAt: '2027-03-06T10:00' })).toBe(REFUSAL_MESSAGES.meetEndsBeforeStart);
    expect(meetFormRule({ ...valid, address: '' })).toBe(REFUSAL_MESSAGES.meetAddressRequired);
    expect(meetFormRule({ ...valid, latitude: '51.35' })).toBe(REFUSAL_MESSAGES.meetCoordinatesPair);
    expect(meetFormRule({ ...valid, latitude: '91', longitude: '0' })).toBe(REFUSAL_MESSAGES.invalidLatitude);
    expect(meetFormRule({ ...valid, latitude: '0', longitude: 'east' })).toBe(REFUSAL_MESSAGES.invalidLongitude);
  });

  it('offers the runtime’s zones, the current one always among them', () => {
    const zones = timeZoneOptions('Asia/Calcutta');
    expect(zones).toContain('Europe/London');
    expect(zones).toContain('UTC');
    expect(zones).toContain('Asia/Calcutta');
  });
});

// A meet's fields as the server reads them (multipart text parts), and its time: wall clocks in a
// zone turned into instants, DST gaps and overlaps included, checked against a given "now".
import { describe, expect, it } from 'vitest';
import { FIXTURE_NOW } from '../mocks/fixtures.ts';
import { MEET_MAX_AHEAD_DAYS } from './constants.ts';
import { isTimeZone, meetCalendarFileName, meetInstant, meetTimeRefusal, meetWallClock } from './meets.ts';
import { REFUSAL_MESSAGES } from './messages.ts';
import { routes } from './routes.ts';

const meetFields = routes['meets.create'].body.fields;

/** The first issue's message, as the server answers a 400 with it; null when the fields pass. */
function refusedWith(input: unknown): string | null {
  const result = meetFields.safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? 'no message');
}

const meet = { title: 'Sunday breakfast run', startsAt: '2027-03-28T09:00', endsAt: '2027-03-28T12:00', timeZone: 'Europe/London', address: 'Box Hill, Surrey' };

describe('a meet’s fields', () => {
  it('need a title, times, a zone and an address; the rest has defaults', () => {
    expect(meetFields.parse(meet)).toEqual({ ...meet, description: '' });
    expect(refusedWith({ ...meet, title: '  ' })).toBe(REFUSAL_MESSAGES.meetTitleRequired);
    expect(refusedWith({ ...meet, title: undefined })).toBe(REFUSAL_MESSAGES.meetTitleRequired);
    expect(refusedWith({ ...meet, title: 'x'.repeat(101) })).toBe(REFUSAL_MESSAGES.meetTitleTooLong);
    expect(meetFields.parse({ ...meet, title: 'x'.repeat(100) }).title).toHaveLength(100);
    expect(refusedWith({ ...meet, description: 'x'.repeat(2001) })).toBe(REFUSAL_MESSAGES.meetDescriptionTooLong);
    expect(refusedWith({ ...meet, address: '' })).toBe(REFUSAL_MESSAGES.meetAddressRequired);
    expect(refusedWith({ ...meet, address: 'x'.repeat(201) })).toBe(REFUSAL_MESSAGES.meetAddressTooLong);
  });

  it('take wall clocks YYYY-MM-DDTHH:mm of real days and times only', () => {
    for (const startsAt of ['2027-03-28', '2027-03-28T09:00:00', '2027-02-29T09:00', '2027-13-01T09:00', '2027-03-28T24:00', '28/03/2027 09:00', '']) {
      expect(refusedWith({ ...meet, startsAt })).toBe(REFUSAL_MESSAGES.invalidMeetTime);
    }
    expect(refusedWith({ ...meet, endsAt: undefined })).toBe(REFUSAL_MESSAGES.invalidMeetTime);
    expect(meetFields.parse({ ...meet, startsAt: '2028-02-29T09:00', endsAt: '2028-02-29T10:00' }).startsAt).toBe('2028-02-29T09:00');
  });

  it('must end after they start', () => {
    expect(refusedWith({ ...meet, endsAt: meet.startsAt })).toBe(REFUSAL_MESSAGES.meetEndsBeforeStart);
    expect(refusedWith({ ...meet, endsAt: '2027-03-27T23:00' })).toBe(REFUSAL_MESSAGES.meetEndsBeforeStart);
  });

  it('take an IANA time zone, not an offset or a made-up name', () => {
    for (const timeZone of ['UTC', 'America/Argentina/Buenos_Aires', 'Pacific/Kiritimati', 'Etc/GMT+5']) expect(refusedWith({ ...meet, timeZone })).toBeNull();
    for (const timeZone of ['Mars/Olympus_Mons', '+01:00', 'Europe/../London', '']) expect(refusedWith({ ...meet, timeZone })).toBe(REFUSAL_MESSAGES.unknownTimeZone);
    expect(isTimeZone('Europe/London')).toBe(true);
  });

  it('take both coordinates or neither, in range; empty reads as none', () => {
    expect(meetFields.parse({ ...meet, latitude: '51.2558', longitude: '-0.3228' })).toMatchObject({ latitude: 51.2558, longitude: -0.3228 });
    expect(meetFields.parse({ ...meet, latitude: '', longitude: '' })).not.toHaveProperty('latitude', expect.anything());
    expect(refusedWith({ ...meet, latitude: '51.2' })).toBe(REFUSAL_MESSAGES.meetCoordinatesPair);
    expect(refusedWith({ ...meet, latitude: '', longitude: '2' })).toBe(REFUSAL_MESSAGES.meetCoordinatesPair);
    expect(refusedWith({ ...meet, latitude: '90.5', longitude: '0' })).toBe(REFUSAL_MESSAGES.invalidLatitude);
    expect(refusedWith({ ...meet, latitude: 'north', longitude: '0' })).toBe(REFUSAL_MESSAGES.invalidLatitude);
    expect(refusedWith({ ...meet, latitude: '0', longitude: '-180.01' })).toBe(REFUSAL_MESSAGES.invalidLongitude);
  });

  it('an RSVP is going, interested or null', () => {
    const rsvp = routes['meets.rsvp'].body.schema;
    expect(rsvp.parse({ rsvp: 'going' })).toEqual({ rsvp: 'going' });
    expect(rsvp.parse({ rsvp: null })).toEqual({ rsvp: null });
    expect(rsvp.safeParse({ rsvp: 'maybe' }).error?.issues[0]?.message).toBe(REFUSAL_MESSAGES.invalidRsvp);
    expect(rsvp.safeParse({}).error?.issues[0]?.message).toBe(REFUSAL_MESSAGES.invalidRsvp);
  });
});

describe('a meet’s time', () => {
  it('is the wall clock in the meet’s zone', () => {
    expect(meetInstant('2027-03-01T10:00', 'Europe/London').toISOString()).toBe('2027-03-01T10:00:00.000Z');
    expect(meetInstant('2027-07-01T10:00', 'Europe/London').toISOString()).toBe('2027-07-01T09:00:00.000Z');
    expect(meetInstant('2027-03-01T00:05', 'Pacific/Kiritimati').toISOString()).toBe('2027-02-28T10:05:00.000Z');
    expect(meetWallClock('2027-07-01T09:00:00.000Z', 'Europe/London')).toBe('2027-07-01T10:00');
    expect(meetWallClock(new Date('2027-02-28T10:05:00.000Z'), 'Pacific/Kiritimati')).toBe('2027-03-01T00:05');
  });

  it('moves a skipped wall clock on by the gap and takes the first of a repeated one (Temporal’s compatible)', () => {
    // Spring forward: 01:30 does not exist in London on 28 March 2027; 02:30 in New York on 14 March.
    expect(meetInstant('2027-03-28T01:30', 'Europe/London').toISOString()).toBe('2027-03-28T01:30:00.000Z');
    expect(meetWallClock(meetInstant('2027-03-28T01:30', 'Europe/London'), 'Europe/London')).toBe('2027-03-28T02:30');
    expect(meetInstant('2027-03-14T02:30', 'America/New_York').toISOString()).toBe('2027-03-14T07:30:00.000Z');
    // Fall back: 01:30 happens twice; the first is still summer time.
    expect(meetInstant('2027-10-31T01:30', 'Europe/London').toISOString()).toBe('2027-10-31T00:30:00.000Z');
    expect(meetInstant('2027-11-07T01:30', 'America/New_York').toISOString()).toBe('2027-11-07T05:30:00.000Z');
    // A half-hour shift (Lord Howe Island, 02:00 → 02:30): 02:15 is 02:45 summer time.
    expect(meetInstant('2027-10-03T02:15', 'Australia/Lord_Howe').toISOString()).toBe('2027-10-02T15:45:00.000Z');
    expect(meetWallClock(meetInstant('2027-10-03T02:15', 'Australia/Lord_Howe'), 'Australia/Lord_Howe')).toBe('2027-10-03T02:45');
  });

  it('must end after it starts, start not in the past nor more than two years ahead', () => {
    const now = FIXTURE_NOW;
    const at = (ms: number) => new Date(now.getTime() + ms);
    const hour = 3_600_000;
    expect(meetTimeRefusal(at(hour), at(2 * hour), now)).toBeNull();
    expect(meetTimeRefusal(at(hour), at(hour), now)).toBe(REFUSAL_MESSAGES.meetEndsBeforeStart);
    expect(meetTimeRefusal(at(-1), at(hour), now)).toBe(REFUSAL_MESSAGES.meetStartsInPast);
    expect(meetTimeRefusal(now, at(hour), now)).toBeNull();
    const limit = MEET_MAX_AHEAD_DAYS * 24 * hour;
    expect(meetTimeRefusal(at(limit), at(limit + hour), now)).toBeNull();
    expect(meetTimeRefusal(at(limit + 60_000), at(limit + hour), now)).toBe(REFUSAL_MESSAGES.meetTooFarAhead);
    // An edit that keeps the start of a meet under way is fine; moving it into the past is not.
    expect(meetTimeRefusal(at(-hour), at(hour), now, at(-hour))).toBeNull();
    expect(meetTimeRefusal(at(-hour), at(hour), now, at(-2 * hour))).toBe(REFUSAL_MESSAGES.meetStartsInPast);
  });
});

describe('a meet’s calendar file', () => {
  it('is named by its title', () => {
    expect(meetCalendarFileName('Sunday Breakfast Run @ Box Hill!')).toBe('sunday-breakfast-run-box-hill.ics');
    expect(meetCalendarFileName('Café Racer Treffen – Köln')).toBe('cafe-racer-treffen-koln.ics');
    expect(meetCalendarFileName('日本')).toBe('meet.ics');
    expect(meetCalendarFileName('x'.repeat(80))).toBe(`${'x'.repeat(60)}.ics`);
  });
});

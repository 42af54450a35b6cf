import { describe, expect, it } from 'vitest';
import { meetDateBlock, meetWhen, openStreetMapUrl } from './meet-format.ts';

describe('how a meet’s time and place are written', () => {
  it('writes the time in the meet’s own zone, named, whatever the reader’s zone', () => {
    expect(meetWhen({ startsAt: '2027-03-06T10:00:00.000Z', endsAt: '2027-03-06T14:00:00.000Z', timeZone: 'Europe/London' }, 'en-GB')).toBe('Sat, 6 Mar 2027 · 10:00–14:00 GMT');
    // Summer time: the same instants are an hour later on London's clocks.
    expect(meetWhen({ startsAt: '2027-07-03T09:00:00.000Z', endsAt: '2027-07-03T13:00:00.000Z', timeZone: 'Europe/London' }, 'en-GB')).toBe('Sat, 3 Jul 2027 · 10:00–14:00 BST');
  });

  it('names both days when a meet runs past midnight in its zone', () => {
    expect(meetWhen({ startsAt: '2027-03-06T21:00:00.000Z', endsAt: '2027-03-07T01:30:00.000Z', timeZone: 'UTC' }, 'en-GB')).toBe('Sat, 6 Mar 2027, 21:00 – Sun, 7 Mar 2027, 01:30 UTC');
  });

  it('puts the day of the meet’s zone in the date block (Tokyo is already on the 6th)', () => {
    expect(meetDateBlock({ startsAt: '2027-03-05T20:00:00.000Z', endsAt: '2027-03-05T22:00:00.000Z', timeZone: 'Asia/Tokyo' }, 'en-GB')).toEqual({ month: 'Mar', day: '6' });
  });

  it('links the pin when there are coordinates, else searches the address', () => {
    expect(openStreetMapUrl({ address: 'Brooklands', latitude: 51.3496, longitude: -0.4654 })).toBe('https://www.openstreetmap.org/?mlat=51.3496&mlon=-0.4654#map=16/51.3496/-0.4654');
    expect(openStreetMapUrl({ address: 'Box Hill & Dorking', latitude: null, longitude: null })).toBe('https://www.openstreetmap.org/search?query=Box%20Hill%20%26%20Dorking');
  });
});

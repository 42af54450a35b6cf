// Meets (issue 21.4) for stories and component tests: `withMeets(seed)` adds them to the standard
// world (which stays as it is, so no other story's picture changes). Dates are fixed, a few days
// after FIXTURE_NOW, so a story shows the same meets on any day: the fake reads lists at its own
// clock (backend/meets.ts).
import { FIXTURE, FIXTURE_NOW, makeNotification } from './fixtures.ts';
import { carImage } from './images.ts';
import type { MockMeet, MockMeetRsvp, MockSeed } from './state.ts';

/** Well-known meets of `withMeets`, as the viewer (maya.drives) sees them. */
export const FIXTURE_MEETS = {
  /**
   * Hers, in her Air-Cooled Porsche Club: "Air-cooled breakfast run", Sat 28 Nov 2026 09:00–12:00
   * in Europe/London (GMT), a cover with its description, coordinates; 3 going (her, Lena, Tomás),
   * 1 interested (Jonas). She may edit and cancel it.
   */
  own: 'meet-aircooled-breakfast',
  /**
   * Kenji's, in JDM Legends: "Daikoku PA night meet", 5 Dec 2026 19:00–23:30 Asia/Tokyo, no cover,
   * no coordinates; 2 going (Kenji, Ruby), she has not answered. No edit, no cancel.
   */
  others: 'meet-jdm-daikoku',
  /** Lena's, in the viewer's club, cancelled: listed with the badge; the viewer (the club's creator) answered going. */
  cancelled: 'meet-aircooled-nurburgring',
  /**
   * Olu's in Track Day Crew, which the viewer has not joined, and she does not follow Olu: not on
   * her Events page, but she opens and answers it (a meet is open to everyone signed in).
   */
  elsewhere: 'meet-trackday-zandvoort',
  /** Ended the day before FIXTURE_NOW: on no list. */
  ended: 'meet-aircooled-last-week',
} as const;

const at = (iso: string) => new Date(iso).toISOString();
const ago = (minutes: number) => new Date(FIXTURE_NOW.getTime() - minutes * 60_000).toISOString();

export function makeMeet(input: Partial<MockMeet> & Pick<MockMeet, 'id' | 'communityId' | 'creatorId' | 'title' | 'startsAt' | 'endsAt'>): MockMeet {
  return {
    description: '',
    timeZone: 'Europe/London',
    address: 'Brooklands Museum, Weybridge',
    latitude: null,
    longitude: null,
    coverImageUrl: null,
    coverImageAlt: '',
    status: 'scheduled',
    createdAt: ago(3 * 24 * 60),
    ...input,
  };
}

const U = FIXTURE.users;
const C = FIXTURE.communities;
const M = FIXTURE_MEETS;

export function standardMeets(): { meets: MockMeet[]; meetRsvps: MockMeetRsvp[] } {
  const meets: MockMeet[] = [
    makeMeet({
      id: M.own, communityId: C.airCooled, creatorId: U.maya, title: 'Air-cooled breakfast run',
      description: 'Coffee at eight, we roll at nine sharp. Bring a full tank: the loop is 140 km of B-roads. #aircooled, ask @lena.restomod for the route.',
      startsAt: at('2026-11-28T09:00:00Z'), endsAt: at('2026-11-28T12:00:00Z'), timeZone: 'Europe/London',
      address: 'Brooklands Museum, Brooklands Drive, Weybridge KT13 0SL', latitude: 51.3496, longitude: -0.4654,
      coverImageUrl: carImage({ seed: `meet:${M.own}`, width: 1200, height: 500, shape: 'coupe' }),
      coverImageAlt: 'Three air-cooled 911s lined up outside a café at sunrise.',
    }),
    makeMeet({
      id: M.others, communityId: C.jdm, creatorId: U.kenji, title: 'Daikoku PA night meet',
      startsAt: at('2026-12-05T10:00:00Z'), endsAt: at('2026-12-05T14:30:00Z'), timeZone: 'Asia/Tokyo',
      address: 'Daikoku Parking Area, Yokohama',
    }),
    makeMeet({
      id: M.cancelled, communityId: C.airCooled, creatorId: U.lena, title: 'Convoy to the Nürburgring',
      startsAt: at('2026-12-12T07:00:00Z'), endsAt: at('2026-12-12T17:00:00Z'), timeZone: 'Europe/Berlin',
      address: 'Nürburgring Devil’s Diner, Nürburg', status: 'cancelled',
    }),
    makeMeet({
      id: M.elsewhere, communityId: C.trackDay, creatorId: U.olu, title: 'Zandvoort paddock day',
      startsAt: at('2026-12-01T08:00:00Z'), endsAt: at('2026-12-01T16:00:00Z'), timeZone: 'Europe/Amsterdam', address: 'Circuit Zandvoort',
    }),
    makeMeet({
      id: M.ended, communityId: C.airCooled, creatorId: U.maya, title: 'Heat exchanger workshop',
      startsAt: at('2026-11-21T10:00:00Z'), endsAt: at('2026-11-21T13:00:00Z'), address: 'Lena’s garage', createdAt: ago(10 * 24 * 60),
    }),
  ];
  const going = (meetId: string, ...userIds: string[]) => userIds.map((userId): MockMeetRsvp => ({ meetId, userId, rsvp: 'going' }));
  const meetRsvps: MockMeetRsvp[] = [
    ...going(M.own, U.maya, U.lena, U.tomas),
    { meetId: M.own, userId: U.jonas, rsvp: 'interested' },
    ...going(M.others, U.kenji, U.ruby),
    ...going(M.cancelled, U.lena, U.maya),
    ...going(M.elsewhere, U.olu),
    ...going(M.ended, U.maya),
  ];
  return { meets, meetRsvps };
}

/**
 * Any seed with the meets of `FIXTURE_MEETS`; with `notifications`, the viewer also has the three
 * meet notifications, unread and newest: a reminder of Kenji's meet, Lena's change to hers (a
 * new time) and Lena's cancellation.
 */
export function withMeets(seed: MockSeed, options: { notifications?: boolean } = {}): MockSeed {
  const { meets, meetRsvps } = standardMeets();
  const next: MockSeed = { ...seed, meets: [...(seed.meets ?? []), ...meets], meetRsvps: [...(seed.meetRsvps ?? []), ...meetRsvps] };
  if (options.notifications) {
    next.notifications = [
      ...seed.notifications,
      makeNotification({ id: 'n-meet-reminder', type: 'meet-reminder', recipientId: U.maya, senderId: U.kenji, meetId: M.others, createdAt: ago(5) }),
      makeNotification({ id: 'n-meet-changed', type: 'meet-changed', recipientId: U.maya, senderId: U.lena, meetId: M.cancelled, createdAt: ago(15), read: true }),
      makeNotification({ id: 'n-meet-cancelled', type: 'meet-cancelled', recipientId: U.maya, senderId: U.lena, meetId: M.cancelled, createdAt: ago(10) }),
    ];
  }
  return next;
}

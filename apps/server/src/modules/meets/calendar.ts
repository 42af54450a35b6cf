// A meet as an iCalendar file (issue 21.4, `meets.calendar`): one VEVENT built with ical-generator.
// Times are written in UTC (`DTSTART:20270328T080000Z`): RFC 5545 asks a VTIMEZONE block for every
// TZID used, which would mean shipping zone data; an instant is exact in every calendar, which
// shows it in its reader's zone.
import ical, { ICalEventStatus } from 'ical-generator';

export interface CalendarMeet {
  id: string;
  title: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  address: string;
  latitude: number | null;
  longitude: number | null;
  status: 'scheduled' | 'cancelled';
  updatedAt: Date;
}

/** The .ics text of `meet`; `pageUrl` is the meet's page, `host` names the UID's domain. */
export function meetCalendar(meet: CalendarMeet, pageUrl: string, host: string): string {
  const calendar = ical({ prodId: { company: 'Pitlane', product: 'Pitlane meets', language: 'EN' }, name: meet.title });
  calendar.createEvent({
    id: `${meet.id}@${host}`,
    start: meet.startsAt,
    end: meet.endsAt,
    stamp: meet.updatedAt,
    summary: meet.title,
    description: meet.description,
    location: meet.address,
    ...(meet.latitude !== null && meet.longitude !== null ? { location: { title: meet.address, geo: { lat: meet.latitude, lon: meet.longitude } } } : {}),
    url: pageUrl,
    status: meet.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}

// A meet's iCalendar file (issue 21.4, `meets.calendar`) on both engines, parsed back with ical.js
// as a calendar app would: one VEVENT with its UID, the start and end instants (UTC), summary,
// description, location, GEO when set, the meet page's URL, STATUS:CANCELLED once cancelled; an
// attachment named by the title; open to everyone signed in, as the meet is.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_MESSAGES, paths, type Meet } from '@pitlane/api/contract';
import { backends, useApp, useSmtpSink } from '../../../test/harness.ts';
import { answer, join, newCommunity } from '../../../test/communities.ts';
import { meetForm, newMeet } from '../../../test/meets.ts';
import { peopleOf } from '../../../test/posts.ts';

const sink = useSmtpSink();
const NOW = new Date('2027-03-01T00:05:00.000Z');

/** The file's one event, as ical.js reads it. */
function eventOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  return { calendar, vevent: events[0]!, event: new ICAL.Event(events[0]!) };
}

describe.each(backends)('a meet’s calendar file on $name', (backend) => {
  const t = useApp(backend, { sink, clock: () => NOW, env: { PUBLIC_URL: 'https://pitlane.example' } });

  async function world() {
    const [maya, leo, sam] = await peopleOf(t.app, sink, 'maya', 'leo', 'sam');
    const community = await newCommunity(maya.browser, 'Air Cooled');
    await join(leo.browser, community._id);
    const meet = await newMeet(leo.browser, community._id, meetForm(NOW, {
      title: 'Spring opener: Box Hill, 10 o’clock!',
      description: 'Coffee at the top; then the Zig Zag road.\nBring a friend.',
      startsAt: '2027-03-28T10:00', endsAt: '2027-03-28T13:30', timeZone: 'Europe/London',
      address: 'Box Hill, Zig Zag Road, Tadworth KT20 7LB', latitude: '51.2558', longitude: '-0.3228',
    }));
    return { maya, leo, sam, meet };
  }

  it('is one VEVENT with the meet’s instants, texts, place and page, sent as an attachment', async () => {
    const { maya, meet } = await world();
    const response = await maya.browser.get(`/api/meets/${meet._id}/calendar.ics`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="spring-opener-box-hill-10-o-clock.ics"');
    const { calendar, vevent, event } = eventOf(response.body);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(event.uid).toBe(`${meet._id}@pitlane.example`);
    // 10:00 in London on the first day of summer time is 09:00 UTC.
    expect(event.startDate.toJSDate().toISOString()).toBe('2027-03-28T09:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2027-03-28T12:30:00.000Z');
    expect(response.body).toContain('DTSTART:20270328T090000Z');
    expect(event.summary).toBe('Spring opener: Box Hill, 10 o’clock!');
    expect(event.description).toBe('Coffee at the top; then the Zig Zag road.\nBring a friend.');
    expect(event.location).toBe('Box Hill, Zig Zag Road, Tadworth KT20 7LB');
    expect(vevent.getFirstPropertyValue('geo')).toEqual([51.2558, -0.3228]);
    expect(vevent.getFirstPropertyValue('url')).toBe(`https://pitlane.example${paths.meet(meet._id)}`);
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
  });

  it('says CANCELLED once cancelled, has no GEO without coordinates, and is open to non-members', async () => {
    const { maya, leo, sam, meet } = await world();
    expect((await leo.browser.post(`/api/meets/${meet._id}/cancel`)).json<Meet>().status).toBe('cancelled');
    const cancelled = eventOf((await maya.browser.get(`/api/meets/${meet._id}/calendar.ics`)).body);
    expect(cancelled.vevent.getFirstPropertyValue('status')).toBe('CANCELLED');

    const community = meet.community._id;
    const plain = await newMeet(leo.browser, community, meetForm(NOW, { title: 'Plain' }));
    const { vevent } = eventOf((await leo.browser.get(`/api/meets/${plain._id}/calendar.ics`)).body);
    expect(vevent.getFirstPropertyValue('geo')).toBeNull();
    // Sam is no member: a meet is open to everyone signed in, its file too.
    const samsCopy = await sam.browser.get(`/api/meets/${plain._id}/calendar.ics`);
    expect(samsCopy.statusCode).toBe(200);
    expect(eventOf(samsCopy.body).event.summary).toBe('Plain');
    expect(answer(await maya.browser.get('/api/meets/nope/calendar.ics'))).toEqual([404, { message: NOT_FOUND_MESSAGES.meet }]);
  });
});

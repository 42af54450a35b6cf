// @vitest-environment node
// The fake's meets as stories use them (issue 21.4): who sees which meet, the fixture's clock, the
// community creator's cancel and the cascades. The shared behaviour suite (behaviour/meets) checks
// the rest against both the fake and the server.
import { describe, expect, it } from 'vitest';
import { Meet, MeetPage, NOT_FOUND_MESSAGES, REFUSAL_MESSAGES } from '../contract/index.ts';
import { createMockBackend, FIXTURE, FIXTURE_MEETS, fixtures, withMeets } from './index.ts';

const world = () => createMockBackend(withMeets(fixtures.standard()));
const titles = (body: unknown) => MeetPage.parse(body).meets.map((meet) => meet.title);

describe('the fake’s meets', () => {
  it('lists the viewer’s upcoming meets at the fixture’s own clock: soonest first, cancelled kept, none ended nor of other communities', async () => {
    const backend = world();
    const reply = await backend.handle('meets.upcoming', { query: { page: '1' } });
    expect(titles(reply.body)).toEqual(['Air-cooled breakfast run', 'Daikoku PA night meet', 'Convoy to the Nürburgring']);
    // Reading does not move the clock: the same list a second time (a story's refetch).
    expect(titles((await backend.handle('meets.upcoming', { query: { page: '1' } })).body)).toHaveLength(3);
  });

  it('opens a meet elsewhere to a non-member, who may answer it; lists it once followed or answered; “not available” across a block', async () => {
    const backend = world();
    const elsewhere = { params: { id: FIXTURE_MEETS.elsewhere } };
    expect(Meet.parse((await backend.handle('meets.get', elsewhere)).body)).toMatchObject({ myRsvp: null, canEdit: false, canCancel: false, ended: false });
    const upcoming = async () => titles((await backend.handle('meets.upcoming', { query: { page: '1' } })).body);
    expect(await upcoming()).not.toContain('Zandvoort paddock day');
    // Its community's list is open to her too.
    expect(titles((await backend.handle('meets.ofCommunity', { params: { id: FIXTURE.communities.trackDay }, query: { page: '1' } })).body)).toEqual(['Zandvoort paddock day']);
    // Following Olu puts his meet on her Events page; unfollowing takes it off.
    expect((await backend.handle('users.follow', { params: { id: FIXTURE.users.olu }, body: {} })).status).toBe(200);
    expect(await upcoming()).toContain('Zandvoort paddock day');
    expect((await backend.handle('users.follow', { params: { id: FIXTURE.users.olu }, body: {} })).status).toBe(200);
    expect(await upcoming()).not.toContain('Zandvoort paddock day');
    // Answering it keeps it there.
    expect(Meet.parse((await backend.handle('meets.rsvp', { ...elsewhere, body: { rsvp: 'interested' } })).body)).toMatchObject({ myRsvp: 'interested', interestedCount: 1 });
    expect(await upcoming()).toContain('Zandvoort paddock day');
    expect((await backend.handle('safety.block', { params: { userId: FIXTURE.users.olu }, body: {} })).status).toBe(200);
    expect(await backend.handle('meets.get', elsewhere)).toMatchObject({ status: 404, body: { message: NOT_FOUND_MESSAGES.meetUnavailable } });
    expect(await upcoming()).not.toContain('Zandvoort paddock day');
    expect(await backend.handle('meets.get', { params: { id: 'meet-nope' } })).toMatchObject({ status: 404, body: { message: NOT_FOUND_MESSAGES.meet } });
  });

  it('says a meet has ended, from the fixture’s clock', async () => {
    const backend = world();
    expect(Meet.parse((await backend.handle('meets.get', { params: { id: FIXTURE_MEETS.ended } })).body).ended).toBe(true);
    expect(Meet.parse((await backend.handle('meets.get', { params: { id: FIXTURE_MEETS.own } })).body).ended).toBe(false);
  });

  it('lets the community’s creator cancel a member’s meet, but not edit it; a second cancel is refused', async () => {
    const backend = world();
    const own = Meet.parse((await backend.handle('meets.get', { params: { id: FIXTURE_MEETS.others } })).body);
    expect(own).toMatchObject({ canEdit: false, canCancel: false });
    expect(await backend.handle('meets.cancel', { params: { id: FIXTURE_MEETS.others } })).toMatchObject({ status: 403, body: { message: REFUSAL_MESSAGES.cancelMeetForbidden } });
    backend.signInAs('kenji.r');
    const cancelled = Meet.parse((await backend.handle('meets.cancel', { params: { id: FIXTURE_MEETS.others } })).body);
    expect(cancelled.status).toBe('cancelled');
    expect(await backend.handle('meets.cancel', { params: { id: FIXTURE_MEETS.others } })).toMatchObject({ status: 409, body: { message: REFUSAL_MESSAGES.meetCancelled } });
    // Ruby answered going: she is told, with the meet.
    expect(backend.state.notifications.filter((n) => n.type === 'meet-cancelled').map((n) => [n.recipientId, n.meetId])).toEqual([[FIXTURE.users.ruby, FIXTURE_MEETS.others]]);
  });

  it('takes a community’s meets, answers and their notifications with it', async () => {
    const backend = createMockBackend(withMeets(fixtures.standard(), { notifications: true }));
    expect((await backend.handle('communities.delete', { params: { id: FIXTURE.communities.airCooled } })).status).toBe(200);
    expect(backend.state.meets!.map((m) => m.id).sort()).toEqual([FIXTURE_MEETS.others, FIXTURE_MEETS.elsewhere].sort());
    expect(backend.state.meetRsvps!.some((r) => r.meetId === FIXTURE_MEETS.own)).toBe(false);
    expect(backend.state.notifications.filter((n) => n.meetId).map((n) => n.id)).toEqual(['n-meet-reminder']);
  });

  it('names the meet in its notifications, as it is now', async () => {
    const backend = createMockBackend(withMeets(fixtures.standard(), { notifications: true }));
    const list = (await backend.handle('notifications.list', {})).body as Array<{ type: string; meet?: { _id: string; title: string } }>;
    expect(list.filter((n) => n.type.startsWith('meet-')).map((n) => [n.type, n.meet?.title])).toEqual([
      ['meet-reminder', 'Daikoku PA night meet'],
      ['meet-cancelled', 'Convoy to the Nürburgring'],
      ['meet-changed', 'Convoy to the Nürburgring'],
    ]);
  });
});

// Meets (issue 21.4): the nine `meets.*` routes of the contract. A community's members create
// meets there; a meet is a public gathering: everyone signed in sees it and answers it (but a
// block pair and a suspended creator's meets, as for posts); the creator
// edits, the creator or the community's creator cancels. Covers go through the media pipeline as a
// car's cover does (stored before the transaction, dropped files removed after it). Every "now"
// is the app's clock (app.now).
import fastifyMultipart from '@fastify/multipart';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { meetCalendarFileName, meetInstant, meetTimeRefusal, NOT_FOUND_MESSAGES, paths, REFUSAL_MESSAGES, routes } from '@pitlane/api/contract';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { HttpError } from '../../plugins/errors.ts';
import { requireSession } from '../auth/sessions.ts';
import { findCommunity } from '../communities/service.ts';
import { contractRoute, JsonText, localPath } from '../contract-route.ts';
import { MULTIPART_OPTIONS, parseFormFields, readUploadForm, type UploadForm } from '../media/uploads.ts';
import { meetCalendar } from './calendar.ts';
import { attendeesJson, communityMeetsJson, meetJsonText, upcomingMeetsJson } from './read.ts';
import { holdMembership, meetNotFound, mustReachMeet, notifyMeetPeople, type MeetFacts } from './service.ts';

const membersOnly = () => new HttpError(403, REFUSAL_MESSAGES.membersCreateMeets);
const creatorOnly = () => new HttpError(403, REFUSAL_MESSAGES.editOwnMeetOnly);

/** A meet form's text parts, an empty `removeCover` (an unchecked option) taken as absent. */
function meetFields(form: UploadForm): Record<string, string> {
  const fields = { ...form.fields };
  if (fields.removeCover === '') delete fields.removeCover;
  return fields;
}

type MeetInput = z.output<(typeof routes)['meets.create']['body']['fields']>;

/** The form's times as instants, refused (400) when they do not fit the rules at `now`. */
function timesOf(input: MeetInput, now: Date, keptStart?: Date): { startsAt: Date; endsAt: Date } {
  const startsAt = meetInstant(input.startsAt, input.timeZone);
  const endsAt = meetInstant(input.endsAt, input.timeZone);
  const refusal = meetTimeRefusal(startsAt, endsAt, now, keptStart);
  if (refusal) throw new HttpError(400, refusal);
  return { startsAt, endsAt };
}

/** 409 when the meet can no longer be changed or answered: cancelled, or over at `now`. */
function mustBeOpen(meet: Pick<MeetFacts, 'status' | 'endsAt'>, now: Date): void {
  if (meet.status === 'cancelled') throw new HttpError(409, REFUSAL_MESSAGES.meetCancelled);
  if (meet.endsAt.getTime() <= now.getTime()) throw new HttpError(409, REFUSAL_MESSAGES.meetEnded);
}

export const meetsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(fastifyMultipart, MULTIPART_OPTIONS);

  /** The meet as `viewerId` sees it, read on `db` (the writing transaction, for the write routes' answers). */
  async function meetReply(db: Db, meetId: string, viewerId: string): Promise<JsonText> {
    const json = await meetJsonText(db, meetId, viewerId, app.now());
    if (json === null) throw meetNotFound();
    return new JsonText(json);
  }

  const coverForm = (request: Parameters<typeof readUploadForm>[0]) => readUploadForm(request, { maxFiles: 1, fileFields: ['coverImage'] });

  contractRoute(app, 'meets.create', {}, async ({ request, params, viewer }) => {
    const community = await findCommunity(app.db, params.id);
    if (!community) throw new HttpError(404, NOT_FOUND_MESSAGES.community);
    // Refused before the form and its cover are read.
    if (!(await holdMembership(app.db, community.id, viewer.user.id))) throw membersOnly();
    const form = await coverForm(request);
    const input = parseFormFields(routes['meets.create'].body.fields, meetFields(form));
    const times = timesOf(input, app.now());
    return app.media.write({ files: form.files, kind: 'cover' }, async (tx, media) => {
      // Held until the commit: leaving or a removal waits, so no meet of a non-member is created.
      if (!(await holdMembership(tx, community.id, viewer.user.id))) throw membersOnly();
      const cover = media.images[0];
      const created = await tx.execute<{ id: string }>(sql`
        insert into meets (community_id, creator_id, title, description, starts_at, ends_at, time_zone, address, latitude, longitude, cover_url, cover_alt)
        values (${community.id}, ${viewer.user.id}, ${input.title}, ${input.description}, ${times.startsAt.toISOString()}, ${times.endsAt.toISOString()},
          ${input.timeZone}, ${input.address}, ${input.latitude ?? null}, ${input.longitude ?? null}, ${cover?.url ?? null}, ${cover ? (input.coverImageAlt ?? '') : ''})
        returning id`);
      const meetId = created.rows[0]!.id;
      // The creator is going.
      await tx.execute(sql`insert into meet_rsvps (meet_id, user_id, rsvp) values (${meetId}, ${viewer.user.id}, 'going')`);
      return meetReply(tx, meetId, viewer.user.id);
    });
  });

  contractRoute(app, 'meets.ofCommunity', {}, async ({ params, query, viewer }) => {
    const community = await findCommunity(app.db, params.id);
    if (!community) throw new HttpError(404, NOT_FOUND_MESSAGES.community);
    // Open to non-members too: a meet is a public gathering.
    return new JsonText(await communityMeetsJson(app.db, community.id, viewer.user.id, app.now(), query.page));
  });

  contractRoute(app, 'meets.upcoming', {}, async ({ query, viewer }) => new JsonText(await upcomingMeetsJson(app.db, viewer.user.id, app.now(), query.page)));

  contractRoute(app, 'meets.get', {}, async ({ params, viewer }) => {
    const meet = await mustReachMeet(app.db, params.id, viewer.user.id);
    return meetReply(app.db, meet.id, viewer.user.id);
  });

  contractRoute(app, 'meets.update', {}, async ({ request, params, viewer }) => {
    const meet = await mustReachMeet(app.db, params.id, viewer.user.id);
    if (meet.creatorId !== viewer.user.id) throw creatorOnly();
    mustBeOpen(meet, app.now());
    const form = await coverForm(request);
    const input = parseFormFields(routes['meets.update'].body.fields, meetFields(form));
    const times = timesOf(input, app.now(), meet.startsAt);
    let notified: string[] = [];
    const json = await app.media.write({ files: form.files, kind: 'cover' }, async (tx, media) => {
      // Locked, then read again: a cancellation at this moment waits or wins.
      const current = await mustReachMeet(tx, meet.id, viewer.user.id, { lock: true });
      mustBeOpen(current, app.now());
      // The cover: a new file replaces it (without a description, it has none: the old one
      // described another picture), `removeCover` takes it away, otherwise it stays.
      const cover = media.images[0];
      let coverUrl = current.coverUrl;
      let coverAlt = input.coverImageAlt ?? current.coverAlt;
      if (cover || input.removeCover) {
        media.drop([current.coverUrl]);
        coverUrl = cover?.url ?? null;
        coverAlt = cover ? (input.coverImageAlt ?? '') : '';
      }
      if (coverUrl === null) coverAlt = '';
      const latitude = input.latitude ?? null;
      const longitude = input.longitude ?? null;
      await tx.execute(sql`
        update meets set title = ${input.title}, description = ${input.description}, starts_at = ${times.startsAt.toISOString()},
          ends_at = ${times.endsAt.toISOString()}, time_zone = ${input.timeZone}, address = ${input.address},
          latitude = ${latitude}, longitude = ${longitude}, cover_url = ${coverUrl}, cover_alt = ${coverAlt}, updated_at = now()
        where id = ${meet.id}`);
      // A new time or place is news for everyone who answered; a new title or description is not.
      const moved =
        current.startsAt.getTime() !== times.startsAt.getTime() ||
        current.endsAt.getTime() !== times.endsAt.getTime() ||
        current.timeZone !== input.timeZone ||
        current.address !== input.address ||
        current.latitude !== latitude ||
        current.longitude !== longitude;
      if (moved) notified = await notifyMeetPeople(tx, meet.id, viewer.user.id, 'meet-changed');
      return meetReply(tx, meet.id, viewer.user.id);
    });
    for (const userId of notified) app.live.publish({ kind: 'notifications', userId });
    return json;
  });

  contractRoute(app, 'meets.cancel', {}, async ({ params, viewer }) => {
    const meet = await mustReachMeet(app.db, params.id, viewer.user.id);
    if (meet.creatorId !== viewer.user.id && meet.communityCreatorId !== viewer.user.id) throw new HttpError(403, REFUSAL_MESSAGES.cancelMeetForbidden);
    mustBeOpen(meet, app.now());
    let notified: string[] = [];
    const json = await inTransaction(app.db, async (tx) => {
      const current = await mustReachMeet(tx, meet.id, viewer.user.id, { lock: true });
      mustBeOpen(current, app.now());
      await tx.execute(sql`update meets set status = 'cancelled', updated_at = now() where id = ${meet.id}`);
      notified = await notifyMeetPeople(tx, meet.id, viewer.user.id, 'meet-cancelled');
      return meetReply(tx, meet.id, viewer.user.id);
    });
    for (const userId of notified) app.live.publish({ kind: 'notifications', userId });
    return json;
  });

  contractRoute(app, 'meets.rsvp', {}, async ({ params, body, viewer }) => {
    const meet = await mustReachMeet(app.db, params.id, viewer.user.id);
    mustBeOpen(meet, app.now());
    return inTransaction(app.db, async (tx) => {
      // Locked: an answer and a cancellation of the same meet take turns.
      const current = await mustReachMeet(tx, meet.id, viewer.user.id, { lock: true });
      mustBeOpen(current, app.now());
      if (body.rsvp === null) {
        await tx.execute(sql`delete from meet_rsvps where meet_id = ${meet.id} and user_id = ${viewer.user.id}`);
      } else {
        // First answered first: the same answer again keeps its place, a changed one joins the
        // end of its new list.
        await tx.execute(sql`
          insert into meet_rsvps (meet_id, user_id, rsvp) values (${meet.id}, ${viewer.user.id}, ${body.rsvp})
          on conflict (meet_id, user_id) do update set rsvp = excluded.rsvp, created_at = excluded.created_at
          where meet_rsvps.rsvp <> excluded.rsvp`);
      }
      return meetReply(tx, meet.id, viewer.user.id);
    });
  });

  contractRoute(app, 'meets.attendees', {}, async ({ params, query, viewer }) => {
    const meet = await mustReachMeet(app.db, params.id, viewer.user.id);
    return new JsonText(await attendeesJson(app.db, meet.id, query.rsvp, viewer.user.id, query.page));
  });

  // The .ics file: registered by hand like the data export (routes/export), since it answers a
  // file, not JSON; method, path and the session requirement are the contract's, refusals JSON.
  const calendar = routes['meets.calendar'];
  app.route({
    method: calendar.method,
    url: localPath(calendar.path),
    onRequest: [requireSession],
    handler: async (request, reply) => {
      const { id } = request.params as { id: string };
      const meet = await mustReachMeet(app.db, id, request.viewer!.user.id);
      const row = (
        await app.db.execute<{ title: string; description: string; updated_at: string | Date }>(sql`
          select title, description, updated_at from meets where id = ${meet.id}`)
      ).rows[0];
      if (!row) throw meetNotFound();
      const publicUrl = new URL(app.config.publicUrl);
      const text = meetCalendar(
        { ...meet, title: row.title, description: row.description, updatedAt: new Date(row.updated_at) },
        `${publicUrl.origin}${paths.meet(meet.id)}`,
        publicUrl.hostname,
      );
      return reply
        .header('content-type', `${calendar.download.contentType}; charset=utf-8`)
        .header('content-disposition', `attachment; filename="${meetCalendarFileName(row.title)}"`)
        .header('cache-control', 'private, no-store')
        .send(text);
    },
  });
};

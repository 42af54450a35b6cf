// Reports and moderation (issue 18, README.md): the eight `reports.create` / `moderation.*` calls.
// Who may call each is decided here, before anything changes; the actions and their log lines
// are one transaction each (service.ts); the live signals follow the commit.
import type { FastifyPluginAsync } from 'fastify';
import { NOT_FOUND_MESSAGES, REFUSAL_MESSAGES, SUCCESS_MESSAGES } from '@pitlane/api/contract';
import type { User } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { HttpError } from '../../plugins/errors.ts';
import { contractRoute } from '../contract-route.ts';
import { findUserById } from '../users/service.ts';
import {
  createReport,
  dismissReports,
  logPage,
  moderates,
  moderatorsOnly,
  mustFindCommunity,
  operatorsOnly,
  queuePage,
  removeContent,
  scopeOf,
  suspendAccount,
  unsuspendAccount,
} from './service.ts';

export const moderationRoutes: FastifyPluginAsync = async (app) => {
  function mustOperate(user: User): void {
    if (!user.operator) throw operatorsOnly();
  }

  /** The person an operator suspends or reinstates: 404 for nobody. */
  async function mustFindPerson(userId: string): Promise<User> {
    const person = await findUserById(app.db, userId);
    if (!person) throw new HttpError(404, NOT_FOUND_MESSAGES.user);
    return person;
  }

  contractRoute(app, 'reports.create', {}, async ({ body, viewer }) => {
    await createReport(app.db, body, viewer.user.id);
    return { message: SUCCESS_MESSAGES.reportSent };
  });

  contractRoute(app, 'moderation.communityQueue', {}, async ({ params, query, viewer }) => {
    const community = await mustFindCommunity(app.db, params.id);
    if (!moderates(viewer.user, { community })) throw moderatorsOnly();
    return queuePage(app.db, community.id, viewer.user.operator, query.page);
  });

  contractRoute(app, 'moderation.siteQueue', {}, async ({ query, viewer }) => {
    mustOperate(viewer.user);
    return queuePage(app.db, null, true, query.page);
  });

  contractRoute(app, 'moderation.dismiss', {}, async ({ params, viewer }) => {
    const scope = await scopeOf(app.db, params.kind, params.targetId);
    if (!moderates(viewer.user, scope)) throw moderatorsOnly();
    await inTransaction(app.db, (tx) => dismissReports(tx, viewer.user, params.kind, params.targetId, scope));
    return { message: SUCCESS_MESSAGES.reportsDismissed };
  });

  contractRoute(app, 'moderation.remove', {}, async ({ params, body, viewer }) => {
    const scope = await scopeOf(app.db, params.kind, params.targetId);
    if (!moderates(viewer.user, scope)) throw moderatorsOnly();
    const notified = await app.media.write(null, (tx, media) => removeContent(tx, media, viewer.user, params.kind, params.targetId, body.reason));
    if (notified) app.live.publish({ kind: 'notifications', userId: notified });
    return { message: SUCCESS_MESSAGES.contentRemoved };
  });

  contractRoute(app, 'moderation.suspend', {}, async ({ params, body, viewer }) => {
    mustOperate(viewer.user);
    const person = await mustFindPerson(params.userId);
    if (person.id === viewer.user.id) throw new HttpError(400, REFUSAL_MESSAGES.cannotSuspendSelf);
    if (person.operator) throw new HttpError(400, REFUSAL_MESSAGES.cannotSuspendOperator);
    // The person's live streams end at their next heartbeat (modules/live/hub.ts: no session).
    await inTransaction(app.db, (tx) => suspendAccount(tx, viewer.user, person, body.reason));
    return { message: SUCCESS_MESSAGES.accountSuspended };
  });

  contractRoute(app, 'moderation.unsuspend', {}, async ({ params, viewer }) => {
    mustOperate(viewer.user);
    const person = await mustFindPerson(params.userId);
    await inTransaction(app.db, (tx) => unsuspendAccount(tx, viewer.user, person));
    return { message: SUCCESS_MESSAGES.suspensionLifted };
  });

  contractRoute(app, 'moderation.log', {}, async ({ query, viewer }) => {
    mustOperate(viewer.user);
    return logPage(app.db, query.page);
  });
};

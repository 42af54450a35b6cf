// Block and mute (issue 18, README.md): the viewer's Blocked and Muted lists and the idempotent
// PUT / DELETE that change them. Each change answers where the viewer now stands and their
// session user (a block ends the follows both ways), and tells the live stream: whose
// notifications count changes with who is hidden.
import type { FastifyPluginAsync } from 'fastify';
import { NOT_FOUND_MESSAGES, REFUSAL_MESSAGES, type HideResult } from '@pitlane/api/contract';
import type { User } from '../../db/schema.ts';
import { postgresErrorCode } from '../../db/errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import { HttpError } from '../../plugins/errors.ts';
import { contractRoute } from '../contract-route.ts';
import { findUserById, sessionUserOf } from '../users/service.ts';
import { blockPerson, hiddenList, mutePerson, standingWith, unblockPerson, unmutePerson } from './service.ts';

const userNotFound = () => new HttpError(404, NOT_FOUND_MESSAGES.user);

export const safetyRoutes: FastifyPluginAsync = async (app) => {
  async function mustFindPerson(id: string): Promise<User> {
    const person = await findUserById(app.db, id);
    if (!person) throw userNotFound();
    return person;
  }

  /** Runs `change`; a person who deleted their account a moment ago (the foreign key) is nobody. */
  async function changing(change: () => Promise<void>): Promise<void> {
    try {
      await change();
    } catch (error) {
      if (postgresErrorCode(error) === '23503') throw userNotFound();
      throw error;
    }
  }

  async function hideResult(viewer: User, userId: string): Promise<HideResult> {
    const [standing, currentUser] = await Promise.all([standingWith(app.db, viewer.id, userId), sessionUserOf(app.db, viewer)]);
    return { userId, blocked: standing.blocked, muted: standing.muted, currentUser };
  }

  contractRoute(app, 'safety.blocked', {}, async ({ viewer }) => hiddenList(app.db, 'blocked', viewer.user.id));

  contractRoute(app, 'safety.muted', {}, async ({ viewer }) => hiddenList(app.db, 'muted', viewer.user.id));

  contractRoute(app, 'safety.block', {}, async ({ params, viewer }) => {
    if (params.userId === viewer.user.id) throw new HttpError(400, REFUSAL_MESSAGES.cannotBlockSelf);
    const person = await mustFindPerson(params.userId);
    await changing(() => inTransaction(app.db, (tx) => blockPerson(tx, viewer.user.id, person.id)));
    // Both unread counts change: each one's notifications from the other leave them.
    app.live.publish({ kind: 'notifications', userId: viewer.user.id });
    app.live.publish({ kind: 'notifications', userId: person.id });
    return hideResult(viewer.user, person.id);
  });

  contractRoute(app, 'safety.unblock', {}, async ({ params, viewer }) => {
    const person = await mustFindPerson(params.userId);
    await unblockPerson(app.db, viewer.user.id, person.id);
    app.live.publish({ kind: 'notifications', userId: viewer.user.id });
    app.live.publish({ kind: 'notifications', userId: person.id });
    return hideResult(viewer.user, person.id);
  });

  contractRoute(app, 'safety.mute', {}, async ({ params, viewer }) => {
    if (params.userId === viewer.user.id) throw new HttpError(400, REFUSAL_MESSAGES.cannotMuteSelf);
    const person = await mustFindPerson(params.userId);
    await changing(() => mutePerson(app.db, viewer.user.id, person.id));
    // Only the muter's count changes; the muted person is not told.
    app.live.publish({ kind: 'notifications', userId: viewer.user.id });
    return hideResult(viewer.user, person.id);
  });

  contractRoute(app, 'safety.unmute', {}, async ({ params, viewer }) => {
    const person = await mustFindPerson(params.userId);
    await unmutePerson(app.db, viewer.user.id, person.id);
    app.live.publish({ kind: 'notifications', userId: viewer.user.id });
    return hideResult(viewer.user, person.id);
  });
};

// Spec §7 "Communities": list, create, a community with a page of its posts (members only),
// members, join, leave (deleting one's posts there), remove-member, edit, delete. Permissions of
// spec §6: only the creator edits, removes members and deletes; the creator never leaves and is
// never removed. Every cascade runs in one transaction (cascades.ts, README.md) through
// app.media.write: media files of deleted rows are journaled in it and go after the commit, a
// new cover is discarded if the edit fails.
import fastifyMultipart from '@fastify/multipart';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { NOT_FOUND_MESSAGES, REFUSAL_MESSAGES, SUCCESS_MESSAGES, routes } from '@pitlane/api/contract';
import { isUniqueViolation, postgresErrorCode } from '../../db/errors.ts';
import { isId } from '../../db/ids.ts';
import { communities, communityMembers } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import { hasUnstorableText } from '../../plugins/input-guards.ts';
import { contractRoute } from '../contract-route.ts';
import { MULTIPART_OPTIONS, parseFormFields, readUploadForm } from '../media/uploads.ts';
import { communityPostsPage, postReaderOf } from '../posts/service.ts';
import { sessionUserOf } from '../users/service.ts';
import { deleteCommunity, dropMember, lockMembers } from './cascades.ts';
import { allCommunities, communityById, findCommunity, membersOf, type CommunityRef } from './service.ts';
import { inTransaction } from '../../db/transaction.ts';

const communityNotFound = () => new HttpError(404, NOT_FOUND_MESSAGES.community);
const nameTaken = () => new HttpError(409, REFUSAL_MESSAGES.communityNameTaken);
const NAME_CONSTRAINT = 'communities_name_unique';
/** SQLSTATE of a foreign key violation: the community went away while joining. */
const FOREIGN_KEY_VIOLATION = '23503';

export const communitiesRoutes: FastifyPluginAsync = async (app) => {
  await app.register(fastifyMultipart, MULTIPART_OPTIONS);
  const defaultCover = () => app.media.defaultUrls.communityCover;

  async function mustFind(id: string): Promise<CommunityRef> {
    const community = await findCommunity(app.db, id);
    if (!community) throw communityNotFound();
    return community;
  }

  /** The community as the contract shows it, read after a change. */
  async function mustShow(id: string) {
    const community = await communityById(app.db, id, defaultCover());
    if (!community) throw communityNotFound();
    return community;
  }

  async function mustBeCreator(id: string, viewerId: string): Promise<CommunityRef> {
    const community = await mustFind(id);
    if (community.creatorId !== viewerId) throw new HttpError(403, REFUSAL_MESSAGES.creatorOnly);
    return community;
  }

  contractRoute(app, 'communities.list', {}, async () => allCommunities(app.db, defaultCover()));

  contractRoute(app, 'communities.create', {}, async ({ body, viewer }) => {
    let id: string;
    try {
      id = await inTransaction(app.db, async (db) => {
        const [created] = await db
          .insert(communities)
          .values({ name: body.name, description: body.description, creatorId: viewer.user.id })
          .returning({ id: communities.id });
        await db.insert(communityMembers).values({ communityId: created!.id, userId: viewer.user.id });
        return created!.id;
      });
    } catch (error) {
      // citext: "air-cooled porsche club" takes the same place as "Air-Cooled Porsche Club".
      if (isUniqueViolation(error, NAME_CONSTRAINT)) throw nameTaken();
      throw error;
    }
    return { newCommunity: await mustShow(id), updatedUser: await sessionUserOf(app.db, viewer.user) };
  });

  contractRoute(app, 'communities.get', {}, async ({ params, query, viewer }) => {
    const community = await communityById(app.db, params.id, defaultCover());
    if (!community) throw communityNotFound();
    const isMember = community.members.includes(viewer.user.id);
    // Spec §6: non-members see none of its posts.
    if (!isMember) return { community, isMember, posts: [], totalPages: 0 };
    return { community, isMember, ...(await communityPostsPage(postReaderOf(app), viewer.user.id, community._id, query.page)) };
  });

  contractRoute(app, 'communities.members', {}, async ({ params }) => membersOf(app.db, (await mustFind(params.id)).id));

  contractRoute(app, 'communities.join', {}, async ({ params, viewer }) => {
    const community = await mustFind(params.id);
    // One statement, no lock taken before it: the primary key makes a second join do nothing,
    // and the foreign key refuses a community deleted meanwhile.
    let joined;
    try {
      joined = await app.db.insert(communityMembers).values({ communityId: community.id, userId: viewer.user.id }).onConflictDoNothing().returning();
    } catch (error) {
      if (postgresErrorCode(error) === FOREIGN_KEY_VIOLATION) throw communityNotFound();
      throw error;
    }
    if (joined.length === 0) throw new HttpError(409, REFUSAL_MESSAGES.alreadyMember);
    return { user: await sessionUserOf(app.db, viewer.user) };
  });

  contractRoute(app, 'communities.leave', {}, async ({ params, viewer }) => {
    const community = await mustFind(params.id);
    if (community.creatorId === viewer.user.id) throw new HttpError(403, REFUSAL_MESSAGES.creatorCannotLeave);
    await app.media.write(null, async (db, media) => {
      const dropped = await dropMember(db, community.id, viewer.user.id, { comments: false });
      if (dropped === null) {
        if (!(await findCommunity(db, community.id))) throw communityNotFound();
        throw new HttpError(403, REFUSAL_MESSAGES.notMember);
      }
      media.drop(dropped);
    });
    return { user: await sessionUserOf(app.db, viewer.user) };
  });

  contractRoute(app, 'communities.removeMember', {}, async ({ params, viewer }) => {
    const community = await mustBeCreator(params.id, viewer.user.id);
    if (params.userId === community.creatorId) throw new HttpError(400, REFUSAL_MESSAGES.creatorCannotBeRemoved);
    if (!isId(params.userId)) throw new HttpError(400, REFUSAL_MESSAGES.userNotMember);
    await app.media.write(null, async (db, media) => {
      const dropped = await dropMember(db, community.id, params.userId, { comments: true });
      if (dropped === null) {
        if (!(await findCommunity(db, community.id))) throw communityNotFound();
        throw new HttpError(400, REFUSAL_MESSAGES.userNotMember);
      }
      media.drop(dropped);
    });
    return { community: await mustShow(community.id), user: await sessionUserOf(app.db, viewer.user) };
  });

  contractRoute(app, 'communities.update', {}, async ({ request, params, viewer }) => {
    const { id } = await mustBeCreator(params.id, viewer.user.id);
    const definition = routes['communities.update'].body;
    const form = await readUploadForm(request, { maxFiles: 1, fileFields: Object.keys(definition.files) });
    const input = parseFormFields(definition.fields, form.fields);
    // The name goes into a unique index: text the JSON routes' input guard would refuse is refused
    // here too (`members` may be long: a JSON array of every member kept).
    if (hasUnstorableText([input.name, input.description, input.coverImageAlt ?? ''])) throw new HttpError(400, REFUSAL_MESSAGES.invalidRequest);

    try {
      await app.media.write({ files: form.files.slice(0, 1), kind: 'cover' }, async (db, media) => {
        const cover = media.images[0];
        const members = await lockMembers(db, id);
        const community = await findCommunity(db, id, { lock: true });
        if (!community) throw communityNotFound();
        // `members` lists those kept: only removals count, the creator always stays, ids that
        // are not members are ignored (packages/api/README.md). A suspended member is not in
        // the list the creator was shown (modules/moderation/README.md): kept too.
        const keep = new Set([...input.members, community.creatorId, ...members.filter((m) => m.suspended).map((m) => m.id)]);
        for (const memberId of members.map((m) => m.id).filter((m) => !keep.has(m))) {
          media.drop((await dropMember(db, id, memberId, { comments: true })) ?? []);
        }
        // A new cover without a description has none: the old one described another picture.
        const alt = input.coverImageAlt ?? (cover ? '' : undefined);
        await db.execute(sql`update communities set name = ${input.name}, description = ${input.description}
          ${cover ? sql`, cover_url = ${cover.url}` : sql``} ${alt === undefined ? sql`` : sql`, cover_alt = ${alt}`} where id = ${id}`);
        if (cover) media.drop([community.coverUrl]);
      });
    } catch (error) {
      if (isUniqueViolation(error, NAME_CONSTRAINT)) throw nameTaken();
      throw error;
    }
    return mustShow(id);
  });

  contractRoute(app, 'communities.delete', {}, async ({ params, viewer }) => {
    const { id } = await mustBeCreator(params.id, viewer.user.id);
    await app.media.write(null, async (db, media) => {
      await lockMembers(db, id);
      const community = await findCommunity(db, id, { lock: true });
      if (!community) throw communityNotFound();
      media.drop(await deleteCommunity(db, community));
    });
    return { message: SUCCESS_MESSAGES.communityDeleted };
  });
};

// Communities: list, create, page, join and leave, members, removal and edits (cascades of spec §4).
import { PAGE_SIZES, REFUSAL_MESSAGES, SUCCESS_MESSAGES } from '../../contract/index.ts';
import { coverImage } from '../images.ts';
import type { MockCommunity } from '../state.ts';
import { refuse, type DomainRoutes } from './context.ts';
import { imageDataUrl } from './uploads.ts';
import { byNewest, type World } from './world.ts';

export function communitiesRoutes(world: World): DomainRoutes<'communities'> {
  const { state, now, newId, mustUser, mustCommunity, summary, sessionUser, community, postPage, notHidden, notSuspended, deleteCommunity, dropMember } = world;
  return {
    'communities.list': () => [...state.communities].sort(byNewest).map(community),

    'communities.create': ({ body, viewer }) => {
      const name = body.name;
      if (state.communities.some((c) => c.name.toLowerCase() === name.toLowerCase())) refuse(409, REFUSAL_MESSAGES.communityNameTaken);
      const created: MockCommunity = {
        id: newId('community'),
        name,
        description: body.description,
        coverImageUrl: coverImage(name),
        members: [viewer.id],
        creatorId: viewer.id,
        createdAt: now(),
      };
      state.communities.push(created);
      return { newCommunity: community(created), updatedUser: sessionUser(viewer) };
    },

    'communities.get': ({ params, query, viewer }) => {
      const c = mustCommunity(params.id);
      const isMember = c.members.includes(viewer.id);
      if (!isMember) return { community: community(c), isMember, posts: [], totalPages: 0 };
      const shown = notHidden(viewer);
      const posts = state.posts.filter((p) => p.communityId === c.id && shown(p.authorId)).sort(byNewest);
      return { community: community(c), isMember, ...postPage(posts, query.page, PAGE_SIZES.communityPosts, viewer) };
    },

    'communities.join': ({ params, viewer }) => {
      const c = mustCommunity(params.id);
      if (c.members.includes(viewer.id)) refuse(409, REFUSAL_MESSAGES.alreadyMember);
      c.members.push(viewer.id);
      return { user: sessionUser(viewer) };
    },

    'communities.leave': ({ params, viewer }) => {
      const c = mustCommunity(params.id);
      if (c.creatorId === viewer.id) refuse(403, REFUSAL_MESSAGES.creatorCannotLeave);
      if (!c.members.includes(viewer.id)) refuse(403, REFUSAL_MESSAGES.notMember);
      dropMember(c, viewer.id, { comments: false });
      return { user: sessionUser(viewer) };
    },

    'communities.delete': ({ params, viewer }) => {
      const c = mustCommunity(params.id);
      if (c.creatorId !== viewer.id) refuse(403, REFUSAL_MESSAGES.creatorOnly);
      deleteCommunity(c.id);
      return { message: SUCCESS_MESSAGES.communityDeleted };
    },

    'communities.members': ({ params }) => mustCommunity(params.id).members.filter(notSuspended).map((id) => summary(mustUser(id))),

    'communities.removeMember': ({ params, viewer }) => {
      const c = mustCommunity(params.id);
      if (c.creatorId !== viewer.id) refuse(403, REFUSAL_MESSAGES.creatorOnly);
      if (params.userId === c.creatorId) refuse(400, REFUSAL_MESSAGES.creatorCannotBeRemoved);
      if (!c.members.includes(params.userId)) refuse(400, REFUSAL_MESSAGES.userNotMember);
      dropMember(c, params.userId, { comments: true });
      return { community: community(c), user: sessionUser(viewer) };
    },

    // `members` lists the members to keep: the creator always stays, ids that are not members are
    // ignored, and a member left out is removed as by remove-member (posts and comments go).
    'communities.update': async ({ params, body, files, viewer }) => {
      const c = mustCommunity(params.id);
      if (c.creatorId !== viewer.id) refuse(403, REFUSAL_MESSAGES.creatorOnly);
      const other = state.communities.find((x) => x.id !== c.id && x.name.toLowerCase() === body.name.toLowerCase());
      if (other) refuse(409, REFUSAL_MESSAGES.communityNameTaken);
      const cover = files.coverImage?.[0];
      const coverUrl = cover ? await imageDataUrl(cover) : undefined;
      // A suspended member is not in the list the creator was shown: kept too.
      const keep = new Set([...body.members, c.creatorId, ...c.members.filter((m) => !notSuspended(m))]);
      for (const id of c.members.filter((m) => !keep.has(m))) dropMember(c, id, { comments: true });
      c.name = body.name;
      c.description = body.description;
      if (coverUrl) c.coverImageUrl = coverUrl;
      // As the server: a new cover without a description has none; otherwise absent keeps it.
      if (body.coverImageAlt !== undefined) c.coverImageAlt = body.coverImageAlt;
      else if (coverUrl) c.coverImageAlt = '';
      return community(c);
    },
  };
}

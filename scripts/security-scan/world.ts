// The people and things the scan's requests name, looked up through the API on the seeded data,
// so every request reaches the query behind its route: the demo account's own post, car,
// community and build-log entry (the routes that change them need their owner), someone to
// follow, block and suspend, an open moderation case, a second session to end.
import { DEMO_ACCOUNT, DEMO_EMAIL_DOMAIN, OPERATOR_ACCOUNT } from '../../apps/server/scripts/seed/demo-account.ts';

export interface Account {
  username: string;
  email: string;
  password: string;
}

/** Which account a route's requests are sent as. */
export type Role = 'demo' | 'operator' | 'scratch' | 'signedOut';

const VALUE_NAMES = [
  'demoId', 'demoUsername', 'otherId', 'otherUsername', 'scratchId', 'scratchUsername', 'suspendedId',
  'myPostId', 'myPostImage', 'otherPostId', 'commentId', 'myCommunityId', 'joinedCommunityId',
  'notJoinedCommunityId', 'memberId', 'carId', 'carMake', 'carModel', 'makeId', 'modelId', 'logId',
  'tag', 'sessionId', 'caseKind', 'caseTargetId', 'removeKind', 'removeTargetId',
] as const;
export type ValueName = (typeof VALUE_NAMES)[number];

export interface World {
  baseUrl: string;
  accounts: Record<Exclude<Role, 'signedOut'>, Account> & { loginTarget: Account };
  /** Values by name; targets.ts picks them per route and parameter. */
  values: Record<ValueName, string>;
}

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function signIn(baseUrl: string, account: Account): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!res.ok) throw new Error(`Signing in as ${account.email} answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]!).find((c) => c.startsWith('pitlane_session='));
  if (!cookie) throw new Error(`Signing in as ${account.email} set no session cookie.`);
  return cookie;
}

async function call(baseUrl: string, cookie: string, method: string, path: string, body?: unknown): Promise<Json> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { cookie, origin: baseUrl, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

const seeded = (username: string): Account => ({ username, email: `${username}@${DEMO_EMAIL_DOMAIN}`, password: DEMO_ACCOUNT.password });

export async function discoverWorld(baseUrl: string): Promise<World> {
  const demo: Account = DEMO_ACCOUNT;
  const operator = seeded(OPERATOR_ACCOUNT.username);
  const demoCookie = await signIn(baseUrl, demo);
  const get = (path: string) => call(baseUrl, demoCookie, 'GET', path);

  const me = (await get('/api/auth/verify')).user;
  const followers: Json[] = await get(`/api/user/${me.id}/followers`);
  const people = followers.filter((p) => p.username !== OPERATOR_ACCOUNT.username);
  if (people.length < 4) throw new Error('The demo account has fewer than 4 followers: is the seed the expected one?');
  const [other, scratch, loginTarget, suspended] = people as [Json, Json, Json, Json];

  const myPost = (await get(`/api/posts/by-user/${me.id}`)).posts[0];
  const otherPost = (await get(`/api/posts/by-user/${other._id}`)).posts[0] ?? (await get('/api/posts/trending')).posts[0];
  const comment = await call(baseUrl, demoCookie, 'POST', `/api/comments/${myPost._id}`, { text: 'Lovely colour, what wheels are those?' });

  const communities: Json[] = await get('/api/communities');
  const mine = communities.find((c) => c.creator?._id === me.id);
  const joined = communities.find((c) => c.creator?._id !== me.id && c.members.includes(me.id));
  const notJoined = communities.find((c) => !c.members.includes(me.id));
  if (!mine || !joined || !notJoined) throw new Error('The seed has no community of the demo account, or none it joined, or none it did not join.');
  const member = mine.members.find((id: string) => id !== me.id);

  const car = (await get(`/api/cars/by-user/${me.id}`)).cars[0];
  const timeline = await get(`/api/cars/${car._id}/timeline`);
  const logEntry = (timeline.items as Json[]).find((item) => item.type === 'log')?.entry ?? null;
  const tag = (await get('/api/tags/trending')).tags[0]?.tag ?? 'trackday';

  // A second session of the demo account, for "end this session".
  await signIn(baseUrl, demo);
  const sessions: Json[] = await get('/api/sessions');
  const otherSession = sessions.find((s) => !s.current);

  const operatorCookie = await signIn(baseUrl, operator);
  const cases: Json[] = (await call(baseUrl, operatorCookie, 'GET', '/api/moderation/reports')).cases;
  // Two cases: one to dismiss, another (a post or comment) to remove.
  const openCase = cases[0];
  const removable = cases.slice(1).find((c) => c.kind === 'post' || c.kind === 'comment');

  const values: Record<ValueName, string> = {
    demoId: me.id,
    demoUsername: me.username,
    otherId: other._id,
    otherUsername: other.username,
    scratchId: scratch._id,
    scratchUsername: scratch.username,
    suspendedId: suspended._id,
    myPostId: myPost._id,
    myPostImage: myPost.imageUrls[0],
    otherPostId: otherPost._id,
    commentId: comment._id ?? comment.id,
    myCommunityId: mine._id,
    joinedCommunityId: joined._id,
    notJoinedCommunityId: notJoined._id,
    memberId: member ?? other._id,
    carId: car._id,
    carMake: car.make,
    carModel: car.model,
    makeId: car.makeId,
    modelId: car.modelId,
    logId: logEntry?._id ?? '00000000-0000-4000-8000-000000000000',
    tag,
    sessionId: otherSession?.id ?? '00000000-0000-4000-8000-000000000000',
    caseKind: openCase?.kind ?? 'post',
    caseTargetId: openCase?.targetId ?? otherPost._id,
    removeKind: removable?.kind ?? 'post',
    removeTargetId: removable?.targetId ?? otherPost._id,
  };
  const missing = VALUE_NAMES.filter((name) => typeof values[name] !== 'string');
  if (missing.length > 0) throw new Error(`Not found in the seeded data: ${missing.join(', ')}. Has the seed or an answer's shape changed?`);
  return { baseUrl, accounts: { demo, operator, scratch: seeded(scratch.username), loginTarget: seeded(loginTarget.username) }, values };
}

// Factories and fixtures: believable car-culture content for stories, component tests and the
// mock dev mode. Every date is relative to a fixed `now`, ids are stable and images are offline
// SVG data URLs, so the same fixture always renders the same pixels.
import { MAX_COMMENT_LENGTH } from '../contract/index.ts';
import { FIXTURE_CARS, FIXTURE_LOG_ENTRIES, standardGarages } from './fixtures-garage.ts';
import { standardSessions } from './fixtures-sessions.ts';
import { avatarImage, carImage, coverImage, type CarShape } from './images.ts';
import { emptySeed, type MockBlock, type MockComment, type MockCommunity, type MockFollow, type MockModerationAction, type MockMute, type MockNotification, type MockPost, type MockReport, type MockSave, type MockSeed, type MockUser } from './state.ts';

/** The fixed "now" fixtures are dated against (a Sunday morning). */
export const FIXTURE_NOW = new Date('2026-11-22T09:30:00.000Z');

/** The password of every fixture user. */
export const FIXTURE_PASSWORD = 'Pitlane@2026';

// ---- factories --------------------------------------------------------------------------------

let sequence = 0;
const nextId = (prefix: string) => `${prefix}-f${(++sequence).toString().padStart(3, '0')}`;

export function makeUser(input: Partial<MockUser> & Pick<MockUser, 'username' | 'fullName'>): MockUser {
  return {
    id: input.id ?? nextId('user'),
    email: input.email ?? `${input.username.replace(/[^a-z0-9]/g, '')}@pitlane.test`,
    password: input.password ?? FIXTURE_PASSWORD,
    profilePictureUrl: input.profilePictureUrl ?? avatarImage(input.fullName),
    createdAt: input.createdAt ?? FIXTURE_NOW.toISOString(),
    ...input,
  };
}

export function makePost(input: Partial<MockPost> & Pick<MockPost, 'authorId' | 'title'> & { imageCount?: number; shape?: CarShape }): MockPost {
  const { imageCount = 1, shape, ...rest } = input;
  const id = rest.id ?? nextId('post');
  return {
    id,
    content: '',
    imageUrls: Array.from({ length: imageCount }, (_, i) => carImage({ seed: `${id}:${i}`, ...(shape ? { shape } : {}) })),
    likes: [],
    communityId: null,
    createdAt: FIXTURE_NOW.toISOString(),
    ...rest,
  };
}

export function makeComment(input: Partial<MockComment> & Pick<MockComment, 'postId' | 'authorId' | 'text'>): MockComment {
  return { id: input.id ?? nextId('comment'), createdAt: FIXTURE_NOW.toISOString(), ...input };
}

export function makeCommunity(input: Partial<MockCommunity> & Pick<MockCommunity, 'name' | 'creatorId'>): MockCommunity {
  return {
    id: input.id ?? nextId('community'),
    description: '',
    coverImageUrl: coverImage(input.name),
    members: [input.creatorId],
    createdAt: FIXTURE_NOW.toISOString(),
    ...input,
  };
}

export function makeNotification(input: Partial<MockNotification> & Pick<MockNotification, 'recipientId' | 'senderId' | 'type'>): MockNotification {
  return { id: input.id ?? nextId('notification'), postId: null, read: false, createdAt: FIXTURE_NOW.toISOString(), ...input };
}

// ---- the standard world -------------------------------------------------------------------------

/** Well-known handles into the standard fixture, for stories that need a particular view. */
export const FIXTURE = {
  /** The signed-in user of the standard fixture. */
  viewer: 'maya.drives',
  users: {
    maya: 'u-maya',
    kenji: 'u-kenji',
    lena: 'u-lena',
    sam: 'u-sam',
    tomas: 'u-tomas',
    ruby: 'u-ruby',
    olu: 'u-olu',
    jonas: 'u-jonas',
    priya: 'u-priya',
    /** Blocked by the viewer (issue 18): their profile shows their name and picture only, and Unblock. */
    blocked: 'u-vince',
    /** Muted by the viewer: their post leaves her lists; their profile and post still open. */
    muted: 'u-gus',
    /** Blocked the viewer: their profile answers 404 "This profile is not available." */
    blockedMe: 'u-dale',
  },
  /** The usernames of the block and mute people, for the profile pages a story opens (`/profile/{username}`). */
  usernames: {
    blocked: 'vince.burnout',
    muted: 'gus.hotlaps',
    blockedMe: 'dale.drifts',
  },
  communities: {
    /** Created by the viewer: the creator's view. */
    airCooled: 'c-aircooled',
    /** The viewer is a member. */
    jdm: 'c-jdm',
    /** The viewer is not a member. */
    trackDay: 'c-trackday',
    detailing: 'c-detailing',
    sundayMeets: 'c-sunday',
  },
  posts: {
    /** The viewer's own post, one image, 12 comments (more than one page of the preview). */
    own: 'p-maya-911sc',
    oneImage: 'p-maya-911sc',
    /** Someone else's post on their profile (no edit, no delete). */
    others: 'p-lena-etype',
    /** Five images. */
    fiveImages: 'p-kenji-ae86',
    /** Someone else's post in the community the viewer created: delete but no edit. */
    inOwnCommunity: 'p-lena-912',
    /** A long title, long content and a 300-character comment. */
    longText: 'p-jonas-e30',
    /** A post in a community the viewer has not joined. */
    membersOnly: 'p-tomas-spa',
    /** The viewer's own post, three photos, the first and last described (alt text): `FIXTURE_PHOTO_DESCRIPTIONS`. */
    described: 'p-maya-turini',
    /** By the person the viewer muted: out of her feed, trending and search, but it opens. */
    muted: 'p-gus-brands',
  },
  /** Cars (issue 17): the viewer's with a cover, without one, a past one; someone else's; a typed model. */
  cars: FIXTURE_CARS,
  /** Build-log entries of `cars.own`: with photos, mileage and cost; bare. */
  logEntries: FIXTURE_LOG_ENTRIES,
  /**
   * Reports and moderation (issue 18). The viewer created `communities.airCooled`: its queue has
   * three open cases, the longest waiting first: `secondPost` (one open report; an older one was
   * dismissed), `post` (two reports: stolen_photo, and other with details) and `comment` (one
   * report). The site's queue (operators only: `fixtures.operator` / `asOperator`) has a profile
   * post and a person; the log has four lines. `suspended` is suspended: no list shows them and
   * their profile answers 404 but to operators. `removedNotification` is in
   * `fixtures.withRemovedNotification` only (the standard world's notifications stay as they are).
   */
  moderation: {
    community: 'c-aircooled',
    cases: { secondPost: 'p-jonas-fuchs', post: 'p-lena-912', comment: 'cm-lena-912' },
    site: { post: 'p-sam-ceramic', person: 'u-olu' },
    suspended: 'u-rex',
    suspendedUsername: 'rex.parts.outlet',
    removedNotification: 'n-removed-kenji',
  },
  /**
   * Tags and mentions (issue 21), in `fixtures.withTags()` only (the standard world stays as it
   * is, so no story's picture changes): seven more posts carrying tags, a comment and a post that
   * mention the viewer, and her unread `mention` notification, newest. As the viewer sees it:
   * `trending` is Discover's list (the last 7 days; `#aircooled` has an older post, `#trackday`
   * one in a community she has not joined and one by the muted person, neither counted), and
   * `tag` opens a tag page of three posts, newest first: `tagPosts`.
   */
  tags: {
    tag: 'trackday',
    tagPosts: ['p-kenji-touge', 'p-jonas-corner-weights', 'p-maya-trackday'],
    trending: [
      { tag: 'trackday', postCount: 3 },
      { tag: 'e30', postCount: 2 },
      { tag: '911', postCount: 1 },
      { tag: 'ae86', postCount: 1 },
      { tag: 'aircooled', postCount: 1 },
      { tag: 'jdm', postCount: 1 },
      { tag: 's14', postCount: 1 },
    ],
    posts: {
      /** Jonas's post with `#e30 #trackday #s14` that mentions the viewer (`@maya.drives`). */
      mentionsViewer: 'p-jonas-corner-weights',
      /** Lena's `#aircooled` post in the viewer's Air-Cooled Porsche Club (members only). */
      inCommunity: 'p-lena-aircooled-meet',
      /** Ruby's `#aircooled` post of 10 days ago: on the tag page, not in trending. */
      older: 'p-ruby-aircooled',
      /** `#trackday` in Track Day Crew, which the viewer has not joined: never shown to her. */
      membersOnly: 'p-tomas-trackday-members',
      /** `#trackday` by the muted person: out of her lists. */
      muted: 'p-gus-trackday',
    },
    /** Kenji's comment on the viewer's `#trackday` post, mentioning Jonas. */
    comment: 'cm-kenji-mention',
    /** The viewer's unread `mention` notification: Jonas mentioned her in `posts.mentionsViewer`. */
    notification: 'n-mention-jonas',
  },
} as const;

/** The photos' descriptions of `FIXTURE.posts.described`, in order; the second photo has none. */
export const FIXTURE_PHOTO_DESCRIPTIONS = [
  'A 911 on an empty hairpin of the Col de Turini, the sun rising behind the ridge.',
  '',
  'The same car from behind, its tail lights glowing on the cold tarmac.',
];

const U = FIXTURE.users;
const C = FIXTURE.communities;
const P = FIXTURE.posts;

const LONG_TITLE = 'E30 M3 tribute build, week 12: S14 rebuild, Getrag dogleg swap, Bilstein B6 all round and the long story of the wiring loom';
const LONG_CONTENT = [
  'Twelve weeks in and the shell finally sits on its own wheels again. The S14 came back from the machine shop with new bearings, a skim on the head and a set of forged pistons I did not plan to buy but could not say no to.',
  'The Getrag 265 dogleg went in on Saturday. Clutch is heavier than I remembered, the shift is everything people say it is. Bilstein B6 dampers with H&R springs, polybushes only where it matters, the rest stays rubber because this is a road car first.',
  'The loom deserves its own post: three previous owners, four colours of tape and one fuse that turned out to be a rolled-up piece of foil. Everything is now re-pinned and labelled. Next up: alignment, corner weights and a shakedown at the Sunday meet.',
].join('\n\n');
const LONG_COMMENT = `This is exactly the kind of build thread I love: honest about the mistakes and the money. Did you keep the original airbox or go for an open intake? I ran an open cone on mine and hated the heat soak in summer traffic, so I went back to the stock box with a panel filter. ${'Keep it up! '.repeat(20)}`.slice(0, MAX_COMMENT_LENGTH);

const COMMENT_TEXTS = [
  'That Guards Red is unreal in this light.',
  'SC is the sweet spot of the air-cooled era, no question.',
  'Which shop did the paint? Need one for my 912.',
  'Fuchs look perfect on it 👌',
  'See you at the Sunday meet?',
  'Did they do the door jambs as well?',
  'Proper colour match, you cannot tell it was resprayed.',
  'Heat exchangers replaced yet? Mine rotted through last winter.',
  'Clean. Just clean.',
  'What tyres are you running?',
  'Need a rolling shot next time!',
  'The sound must be something else with that exhaust.',
];

export interface FixtureOptions {
  /** The user requests without a session act as (username); null: signed out. Default the viewer. */
  signedInAs?: string | null;
  /** Make the viewer have exactly this many unread notifications (e.g. 12 for the "9+" badge). */
  unreadNotifications?: number;
  /** Make the viewer (maya.drives) a site operator (issue 18): the site's queue and the log. */
  operator?: boolean;
  /** Give the viewer, newest, the unread `removed` notification `FIXTURE.moderation.removedNotification`. */
  removedNotification?: boolean;
  /** Add the tagged posts, the mentions and the `mention` notification of `FIXTURE.tags` (issue 21). */
  tags?: boolean;
}

function standard(options: FixtureOptions = {}): MockSeed {
  const now = FIXTURE_NOW.getTime();
  const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
  const H = 60;
  const D = 24 * H;

  const users: MockUser[] = [
    makeUser({ id: U.maya, username: 'maya.drives', fullName: 'Maya Fischer', createdAt: ago(400 * D) }),
    makeUser({ id: U.kenji, username: 'kenji.r', fullName: 'Kenji Watanabe', createdAt: ago(380 * D) }),
    makeUser({ id: U.lena, username: 'lena.restomod', fullName: 'Lena Novak', createdAt: ago(300 * D) }),
    makeUser({ id: U.sam, username: 'sam.detailing', fullName: 'Samir Haddad', createdAt: ago(250 * D) }),
    makeUser({ id: U.tomas, username: 'tomas.trackday', fullName: 'Tomás Ortega', createdAt: ago(200 * D) }),
    makeUser({ id: U.ruby, username: 'ruby.roadtrip', fullName: 'Ruby Clarke', createdAt: ago(120 * D) }),
    makeUser({ id: U.olu, username: 'olu.v8', fullName: 'Olu Adeyemi', createdAt: ago(90 * D) }),
    makeUser({ id: U.jonas, username: 'jonas.e30', fullName: 'Jonas Berg', createdAt: ago(60 * D) }),
    makeUser({ id: U.priya, username: 'priya.ev', fullName: 'Priya Nair', createdAt: ago(20 * D) }),
    // Block and mute (issue 18). Older than everyone else, and in no follow, community, comment
    // or like: other viewers' suggestions and lists stay as they were.
    makeUser({ id: U.blocked, username: FIXTURE.usernames.blocked, fullName: 'Vince Harlow', createdAt: ago(500 * D) }),
    makeUser({ id: U.muted, username: FIXTURE.usernames.muted, fullName: 'Gus Moreau', createdAt: ago(510 * D) }),
    makeUser({ id: U.blockedMe, username: FIXTURE.usernames.blockedMe, fullName: 'Dale Whitaker', createdAt: ago(520 * D) }),
    // Suspended (issue 18): in no list, follow or community; only operators open the profile.
    makeUser({ id: FIXTURE.moderation.suspended, username: FIXTURE.moderation.suspendedUsername, fullName: 'Rex Parts Outlet', suspended: true, createdAt: ago(530 * D) }),
  ];
  if (options.operator) users[0]!.operator = true;

  const edge = (followerId: string, followeeId: string, minutesAgo: number): MockFollow => ({ followerId, followeeId, createdAt: ago(minutesAgo) });
  const follows: MockFollow[] = [
    // Maya follows four people; Kenji and Lena follow back; Sam and Ruby follow her ("Follow Back").
    edge(U.maya, U.kenji, 300 * D),
    edge(U.maya, U.lena, 280 * D),
    edge(U.maya, U.tomas, 150 * D),
    edge(U.maya, U.jonas, 50 * D),
    edge(U.kenji, U.maya, 299 * D),
    edge(U.lena, U.maya, 279 * D),
    edge(U.sam, U.maya, 3 * H),
    edge(U.ruby, U.maya, 3 * D),
    edge(U.kenji, U.ruby, 100 * D),
    edge(U.tomas, U.jonas, 40 * D),
    edge(U.olu, U.tomas, 80 * D),
    edge(U.priya, U.sam, 10 * D),
  ];

  const communities: MockCommunity[] = [
    makeCommunity({
      id: C.airCooled,
      name: 'Air-Cooled Porsche Club',
      description: 'Everything before 1998: 356, 912, 911 and 930. Valve adjustments, heat exchangers, Fuchs and Sunday drives.',
      creatorId: U.maya,
      members: [U.maya, U.lena, U.jonas, U.tomas],
      createdAt: ago(200 * D),
    }),
    makeCommunity({
      id: C.jdm,
      name: 'JDM Legends',
      description: 'AE86, S13, FD, R32 and the rest of the golden era. Imports, swaps and touge stories.',
      creatorId: U.kenji,
      members: [U.kenji, U.maya, U.ruby],
      createdAt: ago(190 * D),
    }),
    makeCommunity({
      id: C.trackDay,
      name: 'Track Day Crew',
      description: 'Lap times, brake fade and tyre pressures. Share your track day plans and find a paddock buddy.',
      creatorId: U.tomas,
      members: [U.tomas, U.jonas, U.olu],
      createdAt: ago(150 * D),
    }),
    makeCommunity({
      id: C.detailing,
      name: 'Detailing Nerds',
      description: 'Two-bucket washes, clay bars, paint correction and ceramic coatings. Before and after photos welcome.',
      creatorId: U.sam,
      members: [U.sam, U.priya],
      createdAt: ago(100 * D),
    }),
    makeCommunity({
      id: C.sundayMeets,
      name: 'Sunday Morning Meets',
      description: 'Coffee, croissants and cars. Weekly meets, road trips and the best driving roads near you.',
      creatorId: U.ruby,
      members: [U.ruby, U.lena, U.olu, U.priya, U.kenji],
      createdAt: ago(80 * D),
    }),
  ];

  const post = (input: Parameters<typeof makePost>[0], minutesAgo: number) => makePost({ ...input, createdAt: ago(minutesAgo) });
  const posts: MockPost[] = [
    post({ id: P.own, authorId: U.maya, title: '911 SC back from the paint shop', content: 'Eight weeks, one very patient painter and the original Guards Red. The Fuchs are next.', imageCount: 1, shape: 'coupe', likes: [U.kenji, U.lena, U.jonas] }, 2 * H),
    post({ id: P.described, authorId: U.maya, title: 'Sunrise run over the Col de Turini', content: '5 a.m. start, empty hairpins, cold air and a flat-six that loved every second of it.', imageCount: 3, likes: [U.ruby], imageAlts: [...FIXTURE_PHOTO_DESCRIPTIONS] }, 6 * D),
    post({ id: 'p-maya-valves', authorId: U.maya, communityId: C.airCooled, title: 'Valve adjustment night', content: 'Twelve valves, two beers, one feeler gauge. Post your tips for the rear cylinders.', imageCount: 2 }, 9 * D),
    post({ id: P.fiveImages, authorId: U.kenji, title: 'AE86 on fresh coilovers', content: 'Finally dialled in the ride height. Five angles because I could not choose.', imageCount: 5, shape: 'coupe', likes: [U.maya, U.ruby, U.tomas, U.jonas] }, 4 * H),
    post({ id: 'p-kenji-tsukuba', authorId: U.kenji, communityId: C.jdm, title: 'Tsukuba lap, finally under 1:05', content: 'New tyres, same driver. Onboard video in the comments.', imageCount: 2, likes: [U.maya] }, 3 * D),
    post({ id: P.others, authorId: U.lena, title: 'Restomod E-Type: electrics done', content: 'New loom, LED conversion and a hidden USB-C port. It still looks 1964 from every angle.', imageCount: 4, shape: 'roadster', likes: [U.maya, U.sam] }, 1 * D),
    post({ id: P.inOwnCommunity, authorId: U.lena, communityId: C.airCooled, title: '912 barn find: what would you do?', content: 'Solid floors, seized engine, all the patina. Restore, restomod or leave it as is?', imageCount: 3, likes: [U.jonas] }, 2 * D),
    post({ id: 'p-lena-coyote', authorId: U.lena, title: "Coyote swap into a '67 Mustang?", content: 'Talk me out of it. Or into it.', imageCount: 1 }, 12 * D),
    post({ id: P.membersOnly, authorId: U.tomas, communityId: C.trackDay, title: 'Spa track day recap', content: 'Eau Rouge flat in the rain? Not today. Brakes held up, I did not.', imageCount: 2, likes: [U.olu] }, 5 * H),
    post({ id: 'p-tomas-brakes', authorId: U.tomas, title: 'Brake pads: lessons learned at the Nürburgring', content: 'Street pads on the Nordschleife: a short story with a smelly ending.', imageCount: 1, likes: [U.maya, U.jonas] }, 4 * D),
    post({ id: P.longText, authorId: U.jonas, title: LONG_TITLE, content: LONG_CONTENT, imageCount: 2, shape: 'coupe', likes: [U.maya, U.tomas] }, 8 * H),
    post({ id: 'p-jonas-fuchs', authorId: U.jonas, communityId: C.airCooled, title: 'Sourcing a set of 16" Fuchs', content: 'Original, refurbished or repro? Prices are wild right now.', imageCount: 1 }, 5 * D),
    post({ id: 'p-sam-993', authorId: U.sam, communityId: C.detailing, title: 'Two-step decon wash on a black 993', content: 'Iron fallout remover, clay, then a one-step polish. 50/50 shot in the second photo.', imageCount: 2 }, 1 * H),
    post({ id: 'p-sam-ceramic', authorId: U.sam, title: 'Ceramic coating: worth it on a daily?', content: 'Two years in on my own car. Honest pros and cons inside.', imageCount: 1, likes: [U.priya] }, 7 * D),
    post({ id: 'p-ruby-highlands', authorId: U.ruby, title: 'Miata road trip through the Highlands', content: 'Roof down for 600 miles, up for 4. Scotland in November, what did I expect.', imageCount: 4, shape: 'roadster', likes: [U.kenji, U.maya] }, 10 * H),
    post({ id: 'p-ruby-meet', authorId: U.ruby, communityId: C.sundayMeets, title: 'This Sunday: coffee at the old airfield', content: '8 a.m. at the control tower. All cars welcome, bring a chair.', imageCount: 1 }, 20 * H),
    post({ id: 'p-olu-coyote', authorId: U.olu, title: 'Cold start: 5.0 Coyote', content: 'Neighbours love me. Straight pipes until the catback arrives.', imageCount: 1, shape: 'suv' }, 2 * D),
    post({ id: P.muted, authorId: U.muted, title: 'Hot lap at Brands Hatch', content: 'Onboard from the club circuit, one clean lap before the rain.', imageCount: 1 }, 30 * D),
    post({ id: 'p-priya-beetle', authorId: U.priya, title: 'Converting a Beetle to electric, part 1', content: 'Out with the flat-four, in with 40 kWh of salvaged cells. Weight distribution plans inside.', imageCount: 3, likes: [U.sam] }, 3 * D),
  ];

  const comments: MockComment[] = [
    ...COMMENT_TEXTS.map((text, i) =>
      makeComment({ id: `cm-own-${i + 1}`, postId: P.own, authorId: [U.kenji, U.lena, U.jonas, U.tomas, U.ruby, U.sam][i % 6]!, text, createdAt: ago(2 * H - (i + 1) * 5) }),
    ),
    makeComment({ id: 'cm-long', postId: P.longText, authorId: U.tomas, text: LONG_COMMENT, createdAt: ago(7 * H) }),
    makeComment({ id: 'cm-maya-long', postId: P.longText, authorId: U.maya, text: 'The foil fuse is a classic. Glad you found it before it found you.', createdAt: ago(6 * H) }),
    makeComment({ id: 'cm-lena-912', postId: P.inOwnCommunity, authorId: U.jonas, text: 'Restomod, obviously. Keep the patina on the outside.', createdAt: ago(2 * D - 30) }),
    makeComment({ id: 'cm-maya-912', postId: P.inOwnCommunity, authorId: U.maya, text: 'Leave it as is and just make it run. That patina is priceless.', createdAt: ago(2 * D - 60) }),
    makeComment({ id: 'cm-ae86', postId: P.fiveImages, authorId: U.maya, text: 'Photo three should be framed.', createdAt: ago(3 * H) }),
  ];

  const notifications: MockNotification[] = [
    makeNotification({ id: 'n-like-kenji', type: 'like', recipientId: U.maya, senderId: U.kenji, postId: P.own, createdAt: ago(90) }),
    makeNotification({ id: 'n-comment-lena', type: 'comment', recipientId: U.maya, senderId: U.lena, postId: P.own, createdAt: ago(2 * H - 10) }),
    makeNotification({ id: 'n-follow-sam', type: 'follow', recipientId: U.maya, senderId: U.sam, createdAt: ago(3 * H) }),
    makeNotification({ id: 'n-follow-ruby', type: 'follow', recipientId: U.maya, senderId: U.ruby, read: true, createdAt: ago(3 * D) }),
    makeNotification({ id: 'n-like-ruby', type: 'like', recipientId: U.maya, senderId: U.ruby, postId: 'p-maya-turini', read: true, createdAt: ago(5 * D) }),
    makeNotification({ id: 'n-like-jonas', type: 'like', recipientId: U.maya, senderId: U.jonas, postId: P.own, read: true, createdAt: ago(10 * D) }),
  ];

  // Maya saved three posts of others for later (the Saved page, newest saved first: not the
  // order they were posted in); her own post is not saved, so its bookmark shows unpressed.
  const save = (postId: string, minutesAgo: number): MockSave => ({ userId: U.maya, postId, savedAt: ago(minutesAgo) });
  const saves: MockSave[] = [
    save(P.others, 2 * H),
    save('p-ruby-highlands', 9 * H),
    save('p-tomas-brakes', 3 * D),
    // Kenji's save: never shown to Maya, and it does not make Maya's card read as saved.
    { userId: U.kenji, postId: P.own, savedAt: ago(H) },
  ];

  // Maya blocked Vince and muted Gus; Dale blocked Maya.
  const blocks: MockBlock[] = [
    { blockerId: U.maya, blockedId: U.blocked, createdAt: ago(14 * D) },
    { blockerId: U.blockedMe, blockedId: U.maya, createdAt: ago(21 * D) },
  ];
  const mutes: MockMute[] = [{ muterId: U.maya, mutedId: U.muted, createdAt: ago(7 * D) }];

  // Reports and moderation (issue 18): three open cases in Maya's community, two for the
  // operators, and what was done before.
  const M = FIXTURE.moderation;
  const report = (id: string, reporterId: string, kind: MockReport['kind'], targetId: string, reason: MockReport['reason'], minutesAgo: number, details = '', closedMinutesAgo?: number): MockReport => ({
    id,
    reporterId,
    kind,
    targetId,
    reason,
    details,
    createdAt: ago(minutesAgo),
    closedAt: closedMinutesAgo === undefined ? null : ago(closedMinutesAgo),
  });
  const reports: MockReport[] = [
    report('r-fuchs-lena', U.lena, 'post', M.cases.secondPost, 'spam', 4 * D + 2 * H, '', 4 * D),
    report('r-fuchs-tomas', U.tomas, 'post', M.cases.secondPost, 'spam', 2 * D),
    report('r-912-tomas', U.tomas, 'post', M.cases.post, 'stolen_photo', 1 * D),
    report('r-912-jonas', U.jonas, 'post', M.cases.post, 'other', 5 * H, 'The barn is in Tuscany, not where Lena says. These photos were in a forum thread last year.'),
    report('r-cm912-lena', U.lena, 'comment', M.cases.comment, 'harassment', 20 * H),
    report('r-ceramic-olu', U.olu, 'post', M.site.post, 'spam', 6 * D),
    report('r-olu-priya', U.priya, 'user', M.site.person, 'harassment', 1 * D, 'Calls every EV owner a traitor under my posts.'),
    report('r-rex-kenji', U.kenji, 'user', M.suspended, 'spam', 3 * D + 2 * H, '', 3 * D),
    report('r-rex-lena', U.lena, 'user', M.suspended, 'spam', 3 * D + H, '', 3 * D),
  ];
  const action = (id: string, input: Omit<MockModerationAction, 'id' | 'createdAt'>, minutesAgo: number): MockModerationAction => ({ id, ...input, createdAt: ago(minutesAgo) });
  const aircooled = { _id: C.airCooled, name: 'Air-Cooled Porsche Club' };
  const jdm = { _id: C.jdm, name: 'JDM Legends' };
  const REMOVED_COMMENT = 'Anyone want my spare set of Fuchs? Cheap, DM me.';
  const REMOVED_REASON = 'No selling in the group, please use the classifieds.';
  const moderationLog: MockModerationAction[] = [
    action('ml-dismissed-fuchs', { action: 'dismissed', kind: 'post', targetId: M.cases.secondPost, actorId: U.maya, subjectId: U.jonas, community: aircooled, excerpt: 'Sourcing a set of 16" Fuchs', reason: '', reportCount: 1 }, 4 * D),
    action('ml-removed-rex', { action: 'removed', kind: 'post', targetId: 'p-rex-replicas', actorId: U.maya, subjectId: M.suspended, community: null, excerpt: 'Replica Fuchs, 60% off, shipping worldwide', reason: 'Advertising is not allowed.', reportCount: 3 }, 3 * D + 20),
    action('ml-suspended-rex', { action: 'suspended', kind: 'user', targetId: M.suspended, actorId: U.maya, subjectId: M.suspended, community: null, excerpt: '', reason: 'Spam account: an advert in every comment.', reportCount: 2 }, 3 * D),
    action('ml-removed-maya', { action: 'removed', kind: 'comment', targetId: 'cm-maya-fuchs-sale', actorId: U.kenji, subjectId: U.maya, community: jdm, excerpt: REMOVED_COMMENT, reason: REMOVED_REASON, reportCount: 1 }, 45),
  ];
  if (options.removedNotification) {
    notifications.push(
      makeNotification({ id: M.removedNotification, type: 'removed', recipientId: U.maya, senderId: U.kenji, removal: { kind: 'comment', excerpt: REMOVED_COMMENT, community: jdm, reason: REMOVED_REASON }, createdAt: ago(45) }),
    );
  }

  if (options.tags) addTagged({ posts, comments, notifications }, ago);

  // Garages, build logs, and the car each of most posts is tagged to (its chip on the card).
  const { cars, carLog, tags } = standardGarages({ users: U, ago });
  for (const p of posts) p.carId = tags[p.id] ?? null;

  const sessions = standardSessions(U.maya, ago);
  const seed: MockSeed = { users, follows, posts, comments, communities, notifications, saves, cars, carLog, blocks, mutes, reports, moderationLog, sessions, signedInAs: options.signedInAs === undefined ? FIXTURE.viewer : options.signedInAs };
  if (options.unreadNotifications !== undefined) setUnreadNotifications(seed, FIXTURE.users.maya, options.unreadNotifications, ago);
  return seed;
}

/** The posts, comment and notification of `FIXTURE.tags` (issue 21): tags in titles and texts, mentions in both. */
function addTagged(seed: Pick<MockSeed, 'posts' | 'comments' | 'notifications'>, ago: (minutes: number) => string): void {
  const T = FIXTURE.tags.posts;
  const H = 60;
  const D = 24 * H;
  const post = (input: Parameters<typeof makePost>[0], minutesAgo: number) => makePost({ ...input, createdAt: ago(minutesAgo) });
  seed.posts.push(
    post({ id: 'p-kenji-touge', authorId: U.kenji, title: 'Night touge run #jdm', content: 'Fresh pads, cold tyres, empty pass. Practising heel-toe for next month. #ae86 #TrackDay', imageCount: 2, shape: 'coupe', likes: [U.maya] }, 30),
    post({ id: T.mentionsViewer, authorId: U.jonas, title: 'Corner weights done #e30', content: 'Alignment and corner weights before the shakedown. Thanks @maya.drives for lending the scales! #trackday #s14', imageCount: 1, shape: 'coupe', likes: [U.tomas] }, 50),
    post({ id: T.inCommunity, authorId: U.lena, communityId: C.airCooled, title: 'Air-cooled breakfast meet', content: 'Saturday, 9 a.m., the usual car park. #aircooled #911', imageCount: 1 }, 26 * H),
    post({ id: 'p-maya-trackday', authorId: U.maya, title: 'First #trackday in the SC', content: 'Brake fluid bled, pressures written down, nerves fine. See you in the pit lane @jonas.e30 #e30 fans welcome.', imageCount: 1, shape: 'coupe' }, 2 * D),
    post({ id: T.older, authorId: U.ruby, title: 'Alpine loop in a borrowed 912', content: 'Ten days ago and I still hear it. #aircooled', imageCount: 1, shape: 'roadster' }, 10 * D),
    post({ id: T.membersOnly, authorId: U.tomas, communityId: C.trackDay, title: 'Paddock plan for Zandvoort', content: 'Who brings the gazebo? #trackday', imageCount: 1 }, 3 * H),
    post({ id: T.muted, authorId: U.muted, title: 'Wet lap at Brands', content: 'Aquaplaning at Paddock Hill. #trackday', imageCount: 1 }, 5 * H),
  );
  seed.comments.push(makeComment({ id: FIXTURE.tags.comment, postId: 'p-maya-trackday', authorId: U.kenji, text: '@jonas.e30 bring the spare pads, #trackday rules: nobody has enough.', createdAt: ago(2 * D - 60) }));
  seed.notifications.push(makeNotification({ id: FIXTURE.tags.notification, type: 'mention', recipientId: U.maya, senderId: U.jonas, postId: T.mentionsViewer, createdAt: ago(50) }));
}

/** Give `recipientId` exactly `count` unread notifications (likes, comments and follows from the others). */
function setUnreadNotifications(seed: MockSeed, recipientId: string, count: number, ago: (minutes: number) => string): void {
  const unread = seed.notifications.filter((n) => n.recipientId === recipientId && !n.read);
  if (unread.length >= count) {
    const drop = new Set(unread.slice(count).map((n) => n.id));
    seed.notifications = seed.notifications.filter((n) => !drop.has(n.id));
    return;
  }
  // Not from someone hidden from the recipient, nor from a suspended person: those never count (issue 18).
  const hidden = new Set([
    ...seed.blocks.flatMap((b) => (b.blockerId === recipientId ? [b.blockedId] : b.blockedId === recipientId ? [b.blockerId] : [])),
    ...seed.mutes.flatMap((m) => (m.muterId === recipientId ? [m.mutedId] : [])),
  ]);
  const senders = seed.users.filter((u) => u.id !== recipientId && !hidden.has(u.id) && u.suspended !== true);
  const ownPosts = seed.posts.filter((p) => p.authorId === recipientId);
  const types = ['like', 'comment', 'follow'] as const;
  for (let i = unread.length; i < count; i++) {
    const type = types[i % 3]!;
    const post = ownPosts[i % Math.max(ownPosts.length, 1)];
    seed.notifications.push(
      makeNotification({
        id: `n-extra-${i}`,
        type,
        recipientId,
        senderId: senders[i % senders.length]!.id,
        postId: type === 'follow' || !post ? null : post.id,
        createdAt: ago(30 + i * 7),
      }),
    );
  }
}

/** Only the viewer: no posts, no notifications, no one and nothing to suggest. */
function empty(options: Pick<FixtureOptions, 'signedInAs'> = {}): MockSeed {
  const maya = standard().users.find((u) => u.id === FIXTURE.users.maya)!;
  return { ...emptySeed(), users: [maya], signedInAs: options.signedInAs === undefined ? FIXTURE.viewer : options.signedInAs };
}

export const fixtures = {
  /** Thirteen people (one blocked by the viewer, one muted, one who blocked her, one suspended), five communities, nineteen posts (most tagged to a car), thirteen cars with build logs, comments, notifications and saves; signed in as maya.drives. */
  standard,
  /** Only maya.drives, signed in: every list is empty. */
  empty,
  /** The standard world, signed out. */
  signedOut: (): MockSeed => standard({ signedInAs: null }),
  /** Nothing at all and no one signed in: what the behaviour suite starts from. */
  blank: (): MockSeed => emptySeed(),
  /** The standard world with the viewer a site operator (issue 18): the site's queue (2 cases) and the log (4 lines) answer her. */
  operator: (): MockSeed => standard({ operator: true }),
  /** The standard world with one more notification, newest and unread: Kenji removed Maya's comment in JDM Legends (issue 18). */
  withRemovedNotification: (): MockSeed => standard({ removedNotification: true }),
  /**
   * The standard world with tags and mentions (issue 21): `FIXTURE.tags`' seven more posts, a
   * comment mentioning someone, and the viewer's unread `mention` notification (newest). Discover
   * shows `FIXTURE.tags.trending`; `/tags/trackday` shows `FIXTURE.tags.tagPosts`.
   */
  withTags: (): MockSeed => standard({ tags: true }),
};

/**
 * Any seed with its signed-in user (or `username`) a site operator (issue 18), e.g. in a story:
 *
 *   beforeEach: mockApi(() => asOperator(fixtures.empty()))
 */
export function asOperator(seed: MockSeed, username: string | null = seed.signedInAs ?? null): MockSeed {
  const user = seed.users.find((u) => u.username === username);
  if (!user) throw new Error(`asOperator: no user "${String(username)}" in the seed`);
  return { ...seed, users: seed.users.map((u) => (u === user ? { ...u, operator: true } : u)) };
}

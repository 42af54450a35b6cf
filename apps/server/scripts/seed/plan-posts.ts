// Posts with their pictures, likes and comments. A person mostly posts about their own car and
// scene; followers like and comment more than strangers; reactions come within hours of a post.
import type { Livery } from './art/car.ts';
import type { TimeOfDay } from './art/parts.ts';
import type { SceneKind, SceneSpec } from './art/scene.ts';
import { CAR_MODELS, type Topic } from './content/cars.ts';
import { commentText, replyText } from './content/comments.ts';
import { photoDescription } from './content/descriptions.ts';
import { postText, type PostText } from './content/posts.ts';
import { MENTION_LINES, modelTag, TOPIC_TAGS } from './content/tags.ts';
import { lookOf, type PersonPlan } from './plan-people.ts';
import type { CommunityPlan, FollowPlan } from './plan-social.ts';
import { createRandom, hash32, type Random } from './random.ts';
import type { Size } from './sizes.ts';
import { ago, HOUR, POST_WINDOW, reactionTime } from './time.ts';

export interface ReactionPlan {
  person: number;
  at: Date;
}

export interface CommentPlan extends ReactionPlan {
  text: string;
}

export interface PostPlan {
  index: number;
  author: number;
  community: number | null;
  title: string;
  content: string;
  createdAt: Date;
  images: SceneSpec[];
  /** One description (alt text) per picture; empty strings for an author who wrote none. */
  imageAlts: string[];
  likes: ReactionPlan[];
  /** In time order; the author's replies among them. */
  comments: CommentPlan[];
}

/** The picture that opens a post about each topic. */
const OPENING_SCENES: Record<Topic, readonly SceneKind[]> = {
  track: ['track'],
  jdm: ['night', 'touge', 'meet', 'garage'],
  restoration: ['garage'],
  meet: ['meet'],
  rally: ['rally', 'rally', 'snow'],
  ev: ['charging', 'touge', 'coast'],
  roads: ['touge', 'touge', 'coast', 'meet'],
};
/** What else people photograph on the same day: close-ups, the dash, the car somewhere else. */
const MORE_SCENES: readonly SceneKind[] = ['wheel', 'tail', 'nose', 'gauge', 'garage', 'meet', 'night', 'touge', 'coast'];
const TIMES: readonly TimeOfDay[] = ['day', 'golden', 'dusk', 'overcast', 'dawn', 'golden'];
/** How likely each number of pictures is (index = count): most posts have one to three. */
const PICTURE_WEIGHTS = [0, 35, 25, 20, 12, 8];
/** How likely each number of comments is (index = count), before the author's replies. */
const COMMENT_WEIGHTS = [22, 28, 22, 14, 8, 6];
/** How many of the other authors' posts describe their photos; the demo account's always do. */
const DESCRIBED_SHARE = 0.5;
/** Posts of the demo account (fewer in tiny sizes), about these topics in turn: a varied profile. */
const DEMO_POSTS = 5;
const DEMO_TOPICS: readonly Topic[] = ['meet', 'roads', 'track', 'roads', 'meet'];

/** A count between min and max, each as likely as its weight (`weights[count]`). */
function weightedCount(random: Random, weights: readonly number[], min: number, max: number): number {
  const allowed = weights.slice(min, max + 1);
  let target = random.next() * allowed.reduce((a, b) => a + b, 0);
  const index = allowed.findIndex((weight) => (target -= weight) < 0);
  return min + (index === -1 ? allowed.length - 1 : index);
}

function pictureSize(random: Random, first: boolean, scale: number): { width: number; height: number } {
  const roll = random.next();
  const [width, height] = first ? (roll < 0.8 ? [1200, 900] : [1080, 1080]) : roll < 0.5 ? [1200, 900] : roll < 0.75 ? [1080, 1080] : [960, 1200];
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/**
 * The pictures of one post, all of the author's car in one light. `previous`: the scene that
 * opened the author's previous post, not repeated unless the story asks for it (a profile grid
 * of one scene over and over looks generated).
 */
function picturesOf(random: Random, post: { author: PersonPlan; topic: Topic; seed: string; text: PostText; previous: SceneKind | null }, count: number, size: Size): SceneSpec[] {
  const time = post.text.time ?? random.pick(TIMES);
  const fresh = OPENING_SCENES[post.topic].filter((kind) => kind !== post.previous);
  const opening = post.text.scene ?? random.pick(fresh.length > 0 ? fresh : OPENING_SCENES[post.topic]);
  // A restoration in progress shows primer on the bodywork.
  const livery: Livery = post.topic === 'restoration' && random.chance(0.4) ? 'primer' : post.author.look.livery;
  const car = { ...post.author.look, livery };
  const kinds: SceneKind[] = [opening];
  while (kinds.length < count) {
    const next = random.pick(MORE_SCENES.filter((kind) => !kinds.includes(kind)));
    kinds.push(next);
  }
  return kinds.map((kind, i) => ({
    kind,
    ...pictureSize(random, i === 0, size.pictureScale),
    car,
    time,
    seed: hash32(`${post.seed}:${i}`),
    others:
      kind === 'meet'
        ? random.sample(CAR_MODELS, 3).map((model, k) => lookOf(random.fork(k), model, random.pick(model.paints), 'meet'))
        : [],
  }));
}

export function planPosts(people: readonly PersonPlan[], follows: readonly FollowPlan[], communities: readonly CommunityPlan[], size: Size, now: Date): PostPlan[] {
  const followersOf = new Map<number, Set<number>>();
  for (const follow of follows) {
    if (!followersOf.has(follow.followee)) followersOf.set(follow.followee, new Set());
    followersOf.get(follow.followee)!.add(follow.follower);
  }
  const posts: PostPlan[] = [];
  for (const author of people) {
    const random = createRandom(`pitlane-posts:${author.index}`);
    const count = author.demo ? Math.min(DEMO_POSTS, size.postsPerUser[1] + 1) : random.int(...size.postsPerUser);
    const memberOf = communities.filter((community) => community.members.some((member) => member.person === author.index));
    let previous: SceneKind | null = null;
    for (let n = 0; n < count; n++) {
      const topic = author.demo ? DEMO_TOPICS[n % DEMO_TOPICS.length]! : random.chance(0.7) ? author.topics[0]! : random.pick(author.topics);
      const home = memberOf.filter((community) => community.topics.includes(topic));
      const community = home.length > 0 && random.chance(0.45) ? random.pick(home) : null;
      // Newer posts are a little more common. The demo account's first post is from yesterday,
      // so its reactions are still unread.
      let createdAt = ago(now, POST_WINDOW * Math.pow(random.next(), 1.2) + 10 * 60_000);
      if (author.demo && n === 0) createdAt = ago(now, random.between(16, 22) * HOUR);
      if (community) {
        const joined = community.members.find((member) => member.person === author.index)!.at;
        if (createdAt < joined) createdAt = new Date(joined.getTime() + random.next() * (now.getTime() - joined.getTime()) * 0.9);
      }
      const other = random.pick(CAR_MODELS.filter((model) => model !== author.model));
      const text = withTagsAndMentions(postText(random, topic, author.model, author.paint, other), { author, topic, people, key: `${author.index}:${n}` });
      const pictures = weightedCount(random, PICTURE_WEIGHTS, size.imagesPerPost[0], size.imagesPerPost[1]);
      const images = picturesOf(random, { author, topic, seed: `post:${author.index}:${n}`, text, previous }, pictures, size);
      previous = images[0]!.kind;
      // A generator of their own, so the rest of the plan stays as it was before descriptions.
      const described = author.demo || createRandom(`pitlane-alts:${author.index}:${n}`).chance(DESCRIBED_SHARE);
      posts.push({
        index: posts.length,
        author: author.index,
        community: community?.index ?? null,
        title: text.title,
        content: text.content,
        createdAt,
        images,
        imageAlts: images.map((spec) => (described ? photoDescription(spec, author.model, author.paint) : '')),
        ...reactions(random, { author, topic, createdAt, community, followers: followersOf.get(author.index) ?? new Set() }, people, now, author.demo && n === 0),
      });
    }
  }
  return posts;
}

/** Of the posts, how many carry tags, and how many mention someone. */
const TAGGED_SHARE = 0.6;
const MENTION_SHARE = 0.15;

/**
 * The post's text with a line of tags (its topic's, its car's) and now and then a mention of
 * someone else (issue 21), decided by a generator of its own (`pitlane-tags:…`), so the rest of the
 * plan stays as it was before tags. The demo account's posts always carry tags; its first one
 * mentions someone, and others mention it now and then, so its notifications show a mention.
 */
function withTagsAndMentions(text: PostText, post: { author: PersonPlan; topic: Topic; people: readonly PersonPlan[]; key: string }): PostText {
  const random = createRandom(`pitlane-tags:${post.key}`);
  const lines: string[] = [];
  if (post.author.demo || random.chance(TAGGED_SHARE)) {
    const tags = [random.pick(TOPIC_TAGS[post.topic]), modelTag(post.author.model), random.chance(0.3) ? random.pick(TOPIC_TAGS[post.topic]) : null];
    lines.push([...new Set(tags.filter((tag): tag is string => tag !== null))].map((tag) => `#${tag}`).join(' '));
  }
  const others = post.people.filter((person) => person.index !== post.author.index);
  if (others.length > 0 && (post.key === `${post.author.index}:0` && post.author.demo || random.chance(MENTION_SHARE))) {
    const demo = others.find((person) => person.demo);
    const named = demo && random.chance(0.4) ? demo : random.pick(others);
    lines.unshift(random.pick(MENTION_LINES).replace('{name}', named.username));
  }
  return lines.length === 0 ? text : { ...text, content: `${text.content} ${lines.join(' ')}` };
}

/** Likes and comments on one post; `boost`: everyone who follows the author reacts (the demo's latest post). */
function reactions(
  random: Random,
  post: { author: PersonPlan; topic: Topic; createdAt: Date; community: CommunityPlan | null; followers: ReadonlySet<number> },
  people: readonly PersonPlan[],
  now: Date,
  boost: boolean,
): { likes: ReactionPlan[]; comments: CommentPlan[] } {
  const appeal = random.between(0.5, 1.5);
  const members = new Set(post.community?.members.map((member) => member.person) ?? []);
  const others = people.filter((person) => person.index !== post.author.index);
  const likers = others.filter((person) => {
    if (boost && post.followers.has(person.index)) return true;
    const p = post.followers.has(person.index) ? 0.45 : members.has(person.index) ? 0.3 : 0.03;
    return random.chance(Math.min(0.95, p * appeal));
  });
  const likes = likers.map((person) => ({ person: person.index, at: reactionTime(random, post.createdAt, now, 8) }));
  // Commenters: mostly people who liked it, each at most once; the author answers some.
  const wanted = boost ? Math.max(2, weightedCount(random, COMMENT_WEIGHTS, 0, 5)) : weightedCount(random, COMMENT_WEIGHTS, 0, 5);
  const pool = random.shuffle(likers.length >= wanted ? likers : [...likers, ...random.sample(others.filter((p) => !likers.includes(p)), wanted)]);
  const comments: CommentPlan[] = [];
  for (const person of pool.slice(0, wanted)) {
    const at = reactionTime(random, post.createdAt, now, 12);
    comments.push({ person: person.index, at, text: commentText(random, post.topic, post.author.model) });
    if (random.chance(0.3)) comments.push({ person: post.author.index, at: reactionTime(random, at, now, 3), text: replyText(random) });
  }
  comments.sort((a, b) => a.at.getTime() - b.at.getTime());
  return { likes, comments };
}

// The scan's target list, made from the contract's route table (packages/api/src/contract), so a
// new route or parameter is scanned without anyone remembering to add it: every path parameter,
// query parameter, JSON field and multipart text field of every route is one injection point
// (sqlmap's `*` marker). Only the values come from here: the world's ids where a name means one,
// a sample by field name, and otherwise a value derived from the field's JSON schema (reported,
// so a new field that deserves a real value shows up in the summary).
import { z } from 'zod';
import { routes, type RouteDefinition } from '@pitlane/api/contract';
import type { Role, World } from './world.ts';

/**
 * When a route runs: reads first, then writes, then what deletes, then changes to an account,
 * then Edit Profile, and last, alone, its password: one of sqlmap's strings is a strong password,
 * which renews the session token (the request file's cookie stops working) and locks the scan
 * out of the scratch account.
 */
export type Phase = 'read' | 'write' | 'delete' | 'account' | 'profile' | 'password';
export const PHASES: readonly Phase[] = ['read', 'write', 'delete', 'account', 'profile', 'password'];

export interface Target {
  /** Route name, with the variant after a space: `cars.create (typed make)`. */
  label: string;
  route: string;
  role: Role;
  phase: Phase;
  /** The request (sqlmap.ts adds Host, Origin, Cookie), with `*` after each injection point. */
  method: string;
  pathAndQuery: string;
  contentType: string | null;
  body: string | null;
  /** The injection points, e.g. `path id`, `json text`, `form title`. */
  points: string[];
  /** Parameters that got a value derived from their schema, not a chosen one. */
  fallbacks: string[];
  /** Extra sqlmap arguments (the header targets test named headers instead of markers). */
  sqlmapArgs: string[];
}

export const MARK = '*';
/** preprocess.py puts the scan's PNG here (sqlmap keeps request bodies as text). */
export const IMAGE_PLACEHOLDER = '@@PITLANE_SCAN_IMAGE@@';
const BOUNDARY = '----PitlaneSecurityScan';

const ACCOUNT_ROUTES = new Set(['users.update', 'users.requestDeleteOtp', 'users.confirmDelete']);
const DELETING_ROUTES = new Set(['moderation.remove', 'moderation.suspend', 'communities.leave', 'communities.removeMember', 'users.removeFollower']);

function roleOf(name: string, definition: RouteDefinition): Role {
  if (!definition.auth) return 'signedOut';
  if (ACCOUNT_ROUTES.has(name) || name.startsWith('twoFactor.')) return 'scratch';
  if (name.startsWith('moderation.') && name !== 'moderation.communityQueue') return 'operator';
  return 'demo';
}

function phaseOf(name: string, definition: RouteDefinition, role: Role): Phase {
  if (name === 'users.update') return 'profile';
  if (role === 'scratch') return 'account';
  if (definition.method === 'DELETE' || DELETING_ROUTES.has(name)) return 'delete';
  return definition.method === 'GET' ? 'read' : 'write';
}

/** Path parameters: which of the world's values each route's parameter names. */
function pathValue(name: string, param: string, v: World['values']): string | undefined {
  const [domain] = name.split('.');
  if (param === 'username') return v.otherUsername;
  if (param === 'provider') return 'google';
  if (param === 'tag') return v.tag;
  if (param === 'kind') return name === 'moderation.remove' ? v.removeKind : v.caseKind;
  if (param === 'targetId') return name === 'moderation.remove' ? v.removeTargetId : v.caseTargetId;
  if (param === 'make') return v.carMake;
  if (param === 'model') return v.carModel;
  if (param === 'makeId') return v.makeId;
  if (param === 'commentId') return v.commentId;
  if (param === 'postId') return v.myPostId;
  if (domain === 'sessions') return v.sessionId;
  if (domain === 'safety') return v.scratchId;
  if (name === 'moderation.suspend' || name === 'moderation.unsuspend') return v.suspendedId;
  if (name === 'communities.removeMember' && param === 'userId') return v.memberId;
  if (name === 'cars.byUser') return v.demoId;
  if (param === 'userId' || domain === 'users') return v.otherId;
  if (name === 'communities.join') return v.notJoinedCommunityId;
  if (name === 'communities.leave') return v.joinedCommunityId;
  if (domain === 'communities' || domain === 'moderation') return v.myCommunityId;
  if (name === 'posts.like' || name === 'posts.save' || name === 'posts.unsave') return v.otherPostId;
  if (domain === 'posts') return v.myPostId;
  if (name === 'cars.logUpdate' || name === 'cars.logDelete') return v.logId;
  if (domain === 'cars') return v.carId;
  return undefined;
}

/** Body fields (JSON and multipart text): chosen values by route and field name. */
function fieldValue(name: string, field: string, world: World): string | undefined {
  const v = world.values;
  const login = world.accounts.loginTarget;
  const newcomer = { email: 'new.driver@pitlane.example', username: 'new_driver' };
  const perRoute: Record<string, Record<string, string>> = {
    'auth.login': { email: login.email, password: login.password },
    'auth.checkEmail': { email: newcomer.email },
    'auth.checkUsername': { username: newcomer.username },
    'auth.sendOtp': { ...newcomer, fullName: 'New Driver', password: 'Pitlane@2026' },
    'users.update': { id: v.scratchId, username: world.accounts.scratch.username, fullName: 'Scratch Driver', password: '' },
    'reports.create': { kind: 'post', targetId: v.otherPostId, reason: 'spam', details: 'Same link in every post' },
    'posts.create': { community: v.joinedCommunityId, car: v.carId },
    'posts.update': { car: v.carId },
    'communities.update': { name: 'Scan Club Renamed' },
  };
  const common: Record<string, string> = {
    email: login.email,
    otp: '123456',
    code: '123456',
    recoveryCode: 'abcde-12345',
    challenge: 'scan-challenge',
    state: 'scan-state',
    newPassword: 'Pitlane@2027',
    confirmPassword: 'Pitlane@2027',
    text: 'Lovely colour, what wheels are those?',
    title: 'Sunday run to the coast',
    content: 'Twelve cars, one lunch stop and no rain.',
    name: 'Scan Club',
    description: 'Weekend drives and the odd track day.',
    details: 'Same link in every post',
    reason: 'Breaks the community rules',
    imageAlts: '["A red hatchback on a mountain road"]',
    existingImageUrls: JSON.stringify([v.myPostImage]),
    members: JSON.stringify([v.memberId]),
    coverImageAlt: 'A red hatchback on a mountain road',
    makeId: v.makeId,
    modelId: v.modelId,
    make: 'Scanworks',
    model: 'Roadster',
    year: '1990',
    trim: 'NA',
    colour: 'Mariner Blue',
    current: 'true',
    removeCover: 'false',
    date: '2024-05-01',
    mileage: '120000',
    cost: '120.50',
    requirePhotoDescriptions: 'false',
  };
  return perRoute[name]?.[field] ?? common[field];
}

/** A value from the field's JSON schema: its first enum value, a number, a boolean or a word. */
function schemaValue(schema: Record<string, unknown> | undefined): string {
  if (!schema) return 'scan';
  if (Array.isArray(schema.enum)) return String(schema.enum[0]);
  if (schema.const !== undefined) return String(schema.const);
  const options = (schema.anyOf ?? schema.oneOf) as Record<string, unknown>[] | undefined;
  if (options?.length) return schemaValue(options[0]);
  if (schema.type === 'number' || schema.type === 'integer') return '1';
  if (schema.type === 'boolean') return 'true';
  return 'scan';
}

function properties(schema: z.ZodType): Record<string, Record<string, unknown>> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, Record<string, unknown>> };
  return json.properties ?? {};
}

/** The marker goes inside a JSON-array value's string, so the array still parses. */
function marked(value: string): string {
  return value.endsWith('"]') ? `${value.slice(0, -2)}${MARK}"]` : `${value}${MARK}`;
}

interface Variant {
  label: string;
  /** Body fields left out. */
  omit: string[];
  /** Body fields that are injection points (default all); the others are sent as they are. */
  only?: string[];
  phase?: Phase;
}

/** Variants: the car forms take a make and model from the list or typed, never both; see Phase for the password. */
const VARIANTS: Record<string, Variant[]> = {
  'cars.create': [{ label: '(makes from the list)', omit: ['make', 'model'] }, { label: '(typed make)', omit: ['makeId', 'modelId'] }],
  'cars.update': [{ label: '(makes from the list)', omit: ['make', 'model'] }, { label: '(typed make)', omit: ['makeId', 'modelId'] }],
  'users.update': [{ label: '', omit: ['password'] }, { label: '(password)', omit: [], only: ['password'], phase: 'password' }],
};

function buildTarget(name: string, definition: RouteDefinition, world: World, variant: Variant): Target | null {
  const role = roleOf(name, definition);
  const points: string[] = [];
  const fallbacks: string[] = [];
  const valueFor = (kind: string, key: string, chosen: string | undefined, schema: Record<string, unknown> | undefined) => {
    if (chosen !== undefined) return chosen;
    // An enum's first value is a right one; anything else derived from the schema is a guess.
    if (!Array.isArray(schema?.enum)) fallbacks.push(`${kind} ${key}`);
    return schemaValue(schema);
  };

  const pathProps = definition.params ? properties(definition.params) : {};
  let path = definition.path.replace(/:([A-Za-z]+)/g, (_, param: string) => {
    points.push(`path ${param}`);
    return encodeURIComponent(valueFor('path', param, pathValue(name, param, world.values), pathProps[param])) + MARK;
  });
  if (definition.query) {
    const query = Object.entries(properties(definition.query)).map(([key, schema]) => {
      points.push(`query ${key}`);
      const chosen = key === 'page' ? '1' : key === 'q' ? (name === 'search.query' ? 'golf' : 'ma') : undefined;
      return `${key}=${encodeURIComponent(valueFor('query', key, chosen, schema))}${MARK}`;
    });
    path += `?${query.join('&')}`;
  }

  let contentType: string | null = null;
  let body: string | null = null;
  if (definition.body?.kind === 'json') {
    contentType = 'application/json';
    const fields: Record<string, string> = {};
    for (const [key, schema] of Object.entries(properties(definition.body.schema))) {
      if (variant.omit.includes(key)) continue;
      const value = valueFor('json', key, fieldValue(name, key, world), schema);
      if (variant.only && !variant.only.includes(key)) {
        fields[key] = value;
        continue;
      }
      points.push(`json ${key}`);
      fields[key] = marked(value);
    }
    body = JSON.stringify(fields);
  } else if (definition.body?.kind === 'multipart') {
    contentType = `multipart/form-data; boundary=${BOUNDARY}`;
    const parts: string[] = [];
    for (const [key, schema] of Object.entries(properties(definition.body.fields))) {
      if (variant.omit.includes(key)) continue;
      const plain = valueFor('form', key, fieldValue(name, key, world), schema);
      const point = !variant.only || variant.only.includes(key);
      if (point) points.push(`form ${key}`);
      const value = point ? marked(plain) : plain;
      parts.push(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`);
    }
    // Files are sent only where the route needs one (a post needs a photo), so the text reaches
    // the database; the upload checks are issue 19 item 3's.
    for (const [key, file] of Object.entries(definition.body.files)) {
      if (!file.required) continue;
      parts.push(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${key}"; filename="scan.png"\r\nContent-Type: image/png\r\n\r\n${IMAGE_PLACEHOLDER}\r\n`);
    }
    body = `${parts.join('')}--${BOUNDARY}--\r\n`;
  }
  if (points.length === 0) return null;
  return {
    label: variant.label ? `${name} ${variant.label}` : name,
    route: name,
    role,
    phase: variant.phase ?? phaseOf(name, definition, role),
    method: definition.method,
    pathAndQuery: path,
    contentType,
    body,
    points,
    fallbacks,
    sqlmapArgs: [],
  };
}

/**
 * Headers no route names: the session cookie (looked up on every request) and the User-Agent
 * (stored as the device label of each sign-in), tested by name at level 3 instead of by marker.
 */
function headerTargets(world: World): Target[] {
  // The demo account's right password: every request signs in and stores its User-Agent. (The
  // route's own target signs in as someone else, whose failed logins lock that address.)
  const demo = world.accounts.demo;
  const base = { fallbacks: [], contentType: null, body: null };
  return [
    { ...base, label: 'session cookie and Referer (auth.verify)', route: 'auth.verify', role: 'demo', phase: 'read', method: 'GET', pathAndQuery: '/api/auth/verify', points: ['cookie pitlane_session', 'header Referer'], sqlmapArgs: ['-p', 'pitlane_session,Referer'] },
    {
      ...base,
      label: 'User-Agent at sign-in (auth.login)',
      route: 'auth.login',
      role: 'signedOut',
      phase: 'write',
      method: 'POST',
      pathAndQuery: '/api/auth/login',
      contentType: 'application/json',
      body: JSON.stringify({ email: demo.email, password: demo.password }),
      points: ['header User-Agent'],
      sqlmapArgs: ['-p', 'User-Agent'],
    },
  ];
}

export interface TargetList {
  targets: Target[];
  /** Routes with nothing to inject into (no parameters, query or body fields). */
  withoutParameters: string[];
}

export function buildTargets(world: World, only: string[] | null): TargetList {
  const targets: Target[] = [];
  const withoutParameters: string[] = [];
  for (const [name, definition] of Object.entries(routes) as [string, RouteDefinition][]) {
    if (only && !only.includes(name)) continue;
    const built = (VARIANTS[name] ?? [{ label: '', omit: [] }]).map((variant) => buildTarget(name, definition, world, variant));
    if (built.every((target) => target === null)) withoutParameters.push(name);
    for (const target of built) if (target) targets.push(target);
  }
  for (const target of headerTargets(world)) if (!only || only.includes(target.route)) targets.push(target);
  return { targets, withoutParameters };
}

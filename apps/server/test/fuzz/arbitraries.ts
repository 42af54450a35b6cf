// fast-check arbitraries made from the contract's zod schemas (issue 19, item 2). `fitting`
// walks zod 4's own definition (`schema._zod.def`, its limits from the checks in `def.checks`
// and `_zod.bag`) and makes values the schema accepts, so a request gets past validation and
// reaches the handler; strings come mostly from the world's own ids and names (by what the field
// is called), so a valid request aims at something real. `fuzzed` mixes in hostile values at
// every level when the context is hostile.
import fc from 'fast-check';
import { z } from 'zod';

/** The world's real values by kind (ids, usernames, e-mail addresses, tags…), read from its database. */
export type Pool = Readonly<Record<string, readonly string[]>>;

/**
 * What a generator knows: the pool, the route's path (an `id` there names what the path is
 * about), and whether hostile values may stand in for fitting ones (false: a request meant to
 * reach the handler).
 */
export interface Context {
  readonly pool: Pool;
  /** Whole bodies known to be valid (the fixtures' car and log entry): a fitting object may be one. */
  readonly examples: readonly Record<string, unknown>[];
  readonly path: string;
  readonly hostile: boolean;
}

const PATH_KINDS: Array<[RegExp, string]> = [
  [/^\/api\/posts/, 'posts'],
  [/^\/api\/comments/, 'comments'],
  [/^\/api\/communities/, 'communities'],
  [/^\/api\/car-log/, 'logs'],
  [/^\/api\/cars/, 'cars'],
  [/^\/api\/user/, 'users'],
  [/^\/api\/sessions/, 'sessions'],
];

/** The kinds of real value a field or parameter called `key` names (all of them if it is not clear). */
export function kindsOf(key: string | undefined, path: string): string[] {
  const name = (key ?? '').toLowerCase();
  if (name === 'id') {
    const kind = PATH_KINDS.find(([pattern]) => pattern.test(path))?.[1];
    return kind ? [kind] : [];
  }
  if (name === 'targetid') return ['posts', 'comments', 'users'];
  if (name.includes('password')) return ['passwords'];
  if (name.includes('otp') || name.includes('code')) return ['words'];
  if (name.startsWith('make')) return ['makes'];
  if (name.startsWith('model')) return ['models'];
  if (name.includes('email')) return ['emails'];
  if (name.includes('username')) return ['usernames'];
  if (name.includes('fullname')) return ['names'];
  for (const kind of ['post', 'comment', 'communit', 'car', 'session', 'tag', 'user', 'name']) {
    if (name.includes(kind)) return [{ post: 'posts', comment: 'comments', communit: 'communities', car: 'cars', session: 'sessions', tag: 'tags', user: 'users', name: 'names' }[kind]!];
  }
  return [];
}

/** The pool's strings of those kinds (every kind when none is named or the named have none). */
export function poolStrings(pool: Pool, kinds: readonly string[]): string[] {
  const of = (chosen: readonly string[]) => [...new Set(chosen.flatMap((kind) => pool[kind] ?? []))];
  const aimed = of(kinds);
  return aimed.length > 0 ? aimed : of(Object.keys(pool));
}

type Schema = z.core.$ZodType;
type Def = { type: string; [key: string]: unknown };

const defOf = (schema: Schema) => schema._zod.def as unknown as Def;

interface Limits {
  minimum?: number;
  maximum?: number;
  /** The minimum or maximum itself is refused. */
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  format?: string;
  patterns: RegExp[];
}

/**
 * The limits of a string's length or a number's value, read from the schema's checks (zod 4
 * keeps each `.min()`, `.int()`, `.regex()` as a check in `def.checks`; `z.iso.date()` and the
 * like are string formats themselves), and from `_zod.bag`, where zod gathers them for some.
 */
function limitsOf(schema: Schema): Limits {
  const bag = schema._zod.bag as Record<string, unknown>;
  const def = defOf(schema);
  const limits: Limits = { patterns: [...((bag.patterns as Set<RegExp> | undefined) ?? [])] };
  if (typeof bag.minimum === 'number') limits.minimum = bag.minimum;
  if (typeof bag.maximum === 'number') limits.maximum = bag.maximum;
  if (typeof bag.format === 'string') limits.format = bag.format;
  const formats = [def, ...((def.checks as Schema[] | undefined) ?? []).map((check) => check._zod.def as unknown as Def)];
  for (const check of formats) {
    const value = check.value as number;
    if (check.check === 'min_length') limits.minimum = Math.max(limits.minimum ?? 0, check.minimum as number);
    if (check.check === 'max_length') limits.maximum = Math.min(limits.maximum ?? Infinity, check.maximum as number);
    if (check.check === 'length_equals') limits.minimum = limits.maximum = check.length as number;
    if (check.check === 'greater_than') Object.assign(limits, { minimum: Number(value), exclusiveMinimum: !check.inclusive });
    if (check.check === 'less_than') Object.assign(limits, { maximum: Number(value), exclusiveMaximum: !check.inclusive });
    if ((check.check === 'string_format' || check.check === 'number_format') && typeof check.format === 'string') limits.format = check.format;
    if (check.pattern instanceof RegExp) limits.patterns.push(check.pattern);
  }
  return limits;
}

/** A string of any UTF-16 code units: lone surrogates, NUL and control characters included. */
export const anyUnits = (maxLength: number) => fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)), maxLength });

/** Strings that have broken servers: NUL, lone surrogates, direction marks, huge ones. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\ud83d',
  '\uFEFF',
  '\u202Eevil',
  'e\u0301\u0301\u0301',
  '🏎️‍🔥',
  '\uFFFF\uFFFE',
  '\r\n\r\n',
  "'; drop table users; --",
  '../../etc/passwd',
  '%00',
  '%2F',
  '-1',
  '0',
  '1e309',
  'NaN',
  'null',
  'true',
  '__proto__',
  '00000000-0000-0000-0000-000000000000',
  'a'.repeat(100_000),
  '🏎'.repeat(20_000),
  `${'\u0000'.repeat(3)}${'ß'.repeat(5000)}`,
];

/** Nested arrays and objects, `depth` deep. */
export function nested(depth: number, leaf: unknown = 1): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { a: value };
  return value;
}

/** Any value of the wrong kind, or of the right kind at its worst. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: anyUnits(40) },
  {
    weight: 3,
    arbitrary: fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 63), 1e308, [], {}, [1, '2'], { $ne: 1 }, { __proto__: { admin: true } }, { constructor: { prototype: {} } }),
  },
  { weight: 1, arbitrary: fc.integer({ min: 2, max: 400 }).map((depth) => nested(depth)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Pool strings the schema accepts: the world's real values first. */
function accepted(schema: Schema, texts: readonly string[]): string[] {
  return texts.filter((text) => z.safeParse(schema as z.ZodType, text).success);
}

function stringOf(schema: Schema, context: Context, key: string | undefined): fc.Arbitrary<string> {
  const limits = limitsOf(schema);
  const minLength = limits.minimum ?? 0;
  const maxLength = Math.min(limits.maximum ?? 80, Math.max(minLength, 80));
  const choices: Array<fc.WeightedArbitrary<string>> = [{ weight: 2, arbitrary: fc.string({ minLength, maxLength }) }];
  const aimed = accepted(schema, poolStrings(context.pool, kindsOf(key, context.path)));
  const any = accepted(schema, poolStrings(context.pool, []));
  if (aimed.length > 0) choices.push({ weight: 12, arbitrary: fc.constantFrom(...aimed) });
  if (any.length > 0) choices.push({ weight: 2, arbitrary: fc.constantFrom(...any) });
  for (const pattern of limits.patterns) {
    try {
      choices.push({ weight: 3, arbitrary: fc.stringMatching(pattern) });
    } catch {
      // a pattern fast-check cannot generate from (lookarounds): the others still cover it
    }
  }
  const { format } = limits;
  if (format === 'uuid' || format === 'guid') choices.push({ weight: 3, arbitrary: fc.uuid() });
  if (format === 'email') choices.push({ weight: 3, arbitrary: fc.emailAddress() });
  const dates = fc.date({ min: new Date('1880-01-01T00:00:00Z'), max: new Date('2020-12-31T00:00:00Z'), noInvalidDate: true });
  if (format === 'date') choices.push({ weight: 3, arbitrary: dates.map((date) => date.toISOString().slice(0, 10)) });
  if (format === 'datetime') choices.push({ weight: 3, arbitrary: dates.map((date) => date.toISOString()) });
  if (format === 'url') choices.push({ weight: 3, arbitrary: fc.webUrl() });
  if (!context.hostile) return fc.oneof(...choices);
  // The edges of the allowed length: one under, at each limit, one over.
  const edges = [minLength - 1, minLength, limits.maximum ?? -1, limits.maximum === undefined ? -1 : limits.maximum + 1].filter((n) => n >= 0);
  choices.push({ weight: 1, arbitrary: fc.constantFrom(...edges).map((n) => 'x'.repeat(n)) });
  return fc.oneof(...choices);
}

function numberOf(schema: Schema, context: Context): fc.Arbitrary<number> {
  const limits = limitsOf(schema);
  const integer = limits.format === 'safeint' || limits.format === 'int32' || limits.format === 'uint32';
  const step = integer ? 1 : 1e-6;
  const min = Math.max((limits.minimum ?? -1e6) + (limits.exclusiveMinimum ? step : 0), -1e6);
  const max = Math.min((limits.maximum ?? 1e6) - (limits.exclusiveMaximum ? step : 0), 1e6);
  const inside = integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true });
  // Numbers among the world's values the schema takes (a refinement's range: a car's year).
  const known = [...new Set(poolStrings(context.pool, []).map(Number))].filter((n) => Number.isFinite(n) && z.safeParse(schema as z.ZodType, n).success);
  const fitting = known.length > 0 ? fc.oneof({ weight: 1, arbitrary: inside }, { weight: 4, arbitrary: fc.constantFrom(...known) }) : inside;
  if (!context.hostile) return fitting;
  return fc.oneof({ weight: 5, arbitrary: fitting }, { weight: 1, arbitrary: fc.constantFrom(min - 1, min, max, max + 1, 0.5, -0, Number.MAX_SAFE_INTEGER + 2) });
}


/** Values `schema` mostly accepts (its input side: what travels), from the world where it can. */
export function fitting(schema: Schema, context: Context, key?: string): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return stringOf(schema, context, key);
    case 'number':
      return numberOf(schema, context);
    case 'boolean':
      return fc.boolean();
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'null':
      return fc.constant(null);
    case 'undefined':
      return fc.constant(undefined);
    case 'optional':
    case 'default':
    case 'prefault':
      // Left out as often as sent when fitting: a field that only fits with another (a photo's
      // description with its photo) then does not keep the whole request from the handler.
      return fc.option(fitting(def.innerType as Schema, context, key), { nil: undefined, freq: context.hostile ? 4 : 1 });
    case 'nullable':
      return fc.option(fitting(def.innerType as Schema, context, key), { nil: null, freq: 4 });
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return fitting(def.innerType as Schema, context, key);
    case 'union':
      return fc.oneof(...(def.options as Schema[]).map((option) => fitting(option, context, key)));
    case 'intersection':
      return fitting(def.left as Schema, context, key);
    case 'array': {
      const limits = limitsOf(schema);
      const minLength = limits.minimum ?? 0;
      const maxLength = Math.min(limits.maximum === undefined ? 8 : limits.maximum + (context.hostile ? 1 : 0), 12);
      return fc.array(fuzzed(def.element as Schema, context, key), { minLength: Math.min(minLength, maxLength), maxLength });
    }
    case 'tuple':
      return fc.tuple(...(def.items as Schema[]).map((item) => fuzzed(item, context, key)));
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 12 }), fuzzed(def.valueType as Schema, context), { maxKeys: 4 });
    case 'object':
      return objectOf(def.shape as Record<string, Schema>, context);
    case 'pipe':
      return pipeOf(schema, def, context, key);
    default:
      // transform, custom, any, unknown…: nothing to read the shape from
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * A pipe: a codec (a JSON array in a text part) travels encoded, so make its decoded value and
 * encode it; a `z.preprocess` reads anything, so make what its output accepts; a transform after
 * a type travels as that type.
 */
function pipeOf(schema: Schema, def: Def, context: Context, key: string | undefined): fc.Arbitrary<unknown> {
  const inner = defOf(def.in as Schema);
  if (typeof def.reverseTransform === 'function') {
    return fitting(def.out as Schema, context, key).map((value) => {
      try {
        return z.encode(schema as z.ZodType, value as never);
      } catch {
        return JSON.stringify(value);
      }
    });
  }
  return fitting((inner.type === 'transform' ? def.out : def.in) as Schema, context, key);
}

/** An object of the shape, a field sometimes left out, sometimes one the shape does not have. */
function objectOf(shape: Record<string, Schema>, context: Context): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.fromEntries(
    Object.entries(shape).map(([key, value]) => [key, context.hostile ? fc.option(fuzzed(value, context, key), { nil: undefined, freq: 12 }) : fitting(value, context, key)]),
  );
  if (!context.hostile) {
    const made = fc.record(fields).map((record) => Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)));
    // Rules across fields (a make from the list or typed, not both) that values made one by one
    // seldom meet: a known-good example of this shape, now and then.
    const known = context.examples.filter((example) => z.safeParse(z.object(shape as Record<string, z.ZodType>), example).success);
    return known.length > 0 ? fc.oneof(made, fc.constantFrom(...known)) : made;
  }
  const extra = fc.option(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'role', 'isOperator', 'id', '', 'x'.repeat(300)), hostileValue), { freq: 6 });
  return fc.tuple(fc.record(fields), extra).map(([record, more]) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(record)) if (value !== undefined) out[key] = value;
    if (more) Object.defineProperty(out, more[0], { value: more[1], enumerable: true, configurable: true, writable: true });
    return out;
  });
}

/** Mostly what `schema` accepts, now and then anything hostile in its place. */
export function fuzzed(schema: Schema, context: Context, key?: string): fc.Arbitrary<unknown> {
  if (!context.hostile) return fitting(schema, context, key);
  return fc.oneof({ weight: 6, arbitrary: fitting(schema, context, key) }, { weight: 1, arbitrary: hostileValue });
}

// One fuzzed HTTP request for one call of the contract's route table: path parameters, query
// string and body from the route's own schemas (arbitraries.ts), mixed with what reaches a server
// only from a hostile or broken client: malformed JSON, wrong or missing content types, deep
// nesting, odd path segments (encoded slashes, `..`, broken percent-encoding, very long),
// duplicate and array query parameters, and multipart bodies of a broken structure.
import fc from 'fast-check';
import type { z } from 'zod';
import type { RouteDefinition } from '@pitlane/api/contract';
import { anyUnits, fuzzed, HOSTILE_STRINGS, hostileValue, kindsOf, poolStrings, type Context, type Pool } from './arbitraries.ts';

/** A file part: a real small photo, bytes that only claim to be one, or nothing. */
export type FilePart = 'photo' | 'garbage' | 'empty';

export type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; payload: string; contentType: string | null }
  | { kind: 'multipart'; fields: Array<[string, string]>; files: Array<{ field: string; part: FilePart }> };

export interface FuzzRequest {
  /** Another method than the route's (a hostile request now and then); absent: the route's. */
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
  /** Path segments already encoded (or deliberately badly encoded), by parameter name. */
  path: string;
  /** The query string without `?` ('' for none). */
  query: string;
  body: Body;
}

/** Values of path segments no valid client sends, written as they travel. */
const ODD_SEGMENTS = ['..', '.', '%2e%2e', 'a%2Fb', '%2F', '%', '%zz', '%E0%A4%A', '%00', '%C0%AF', 'a;b', '%20', '~', '%ud800', 'x'.repeat(5000), encodeURIComponent('🏎'.repeat(50))];

/** Bodies sent as `application/json` that are not JSON, or JSON at its worst. */
const BROKEN_JSON = [
  '',
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  'nul',
  '\uFEFF{}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"__proto__":{"isOperator":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '{"a":1,"a":2}',
  `{"a":${'9'.repeat(400)}}`,
  '[]'.repeat(3),
  '1e999999',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
  `{"text":"${'a'.repeat(2_000_000)}"}`,
  '\u0000',
];

const WRONG_TYPES = [null, 'text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'application/json; charset=utf-16', 'multipart/form-data', 'multipart/form-data; boundary=', 'application/octet-stream', 'application/json, text/plain', ';;;', 'image/png'];

const encodeValue = (value: unknown): string => (typeof value === 'string' ? value : value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));

const segment = (context: Context, name: string) => {
  const aimed = fc.constantFrom(...poolStrings(context.pool, kindsOf(name, context.path))).map(percent);
  if (!context.hostile) return aimed;
  return fc.oneof(
    { weight: 6, arbitrary: aimed },
    { weight: 2, arbitrary: hostileValue.map((value) => percent(encodeValue(value).slice(0, 3000) || '-')) },
    { weight: 2, arbitrary: fc.constantFrom(...ODD_SEGMENTS) },
  );
};

function pathOf(route: RouteDefinition, context: Context): fc.Arbitrary<string> {
  const names = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
  if (names.length === 0) return fc.constant(route.path);
  // A parameter whose schema is not a plain string (an enum: a report's kind) comes from it.
  const shape = (route.params?.shape ?? {}) as Record<string, z.ZodType>;
  const plain = (name: string) => shape[name]?._zod.def.type === 'string';
  return fc.tuple(...names.map((name) => (shape[name] && !plain(name) ? fuzzed(shape[name], context, name).map((value) => percent(encodeValue(value))) : segment(context, name)))).map((values) => {
    let i = 0;
    return route.path.replace(/:([A-Za-z]+)/g, () => values[i++]!);
  });
}

/**
 * Percent-encoding of the UTF-8 bytes, as a browser sends text (a lone surrogate travels as
 * U+FFFD; encodeURIComponent would throw on it instead).
 */
export const percent = (text: string) => [...Buffer.from(text, 'utf8')].map((byte) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)).join('');

const pair = (key: string, value: string) => `${percent(key)}=${percent(value)}`;

function queryOf(route: RouteDefinition, context: Context): fc.Arbitrary<string> {
  const fromSchema = route.query ? fuzzed(route.query, context) : fc.constant({});
  const odd = fc.oneof(
    fc.constant(''),
    fc.constantFrom('page=1&page=2', 'page[]=1', 'page[a]=1', '__proto__[x]=1', 'constructor=1', '=&&=', '%zz=1', 'q=%', `q=${'a'.repeat(20_000)}`, 'page=1e3', 'page=0x10', 'page= 1', 'page=-0'),
    fc.tuple(fc.constantFrom('page', 'q', 'tag', 'x'), fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 1000))).map(([key, value]) => pair(key, value)),
    fc.array(fc.tuple(fc.string({ maxLength: 6 }), anyUnits(12)), { maxLength: 4 }).map((pairs) => pairs.map(([key, value]) => pair(key, value)).join('&')),
  );
  return fc.tuple(fromSchema, context.hostile ? fc.option(odd, { freq: 2 }) : fc.constant(null)).map(([value, extra]) => {
    const parts: string[] = [];
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, v] of Object.entries(value)) {
        if (Array.isArray(v)) for (const item of v) parts.push(pair(key, encodeValue(item)));
        else parts.push(pair(key, encodeValue(v)));
      }
    }
    if (extra) parts.push(extra);
    return parts.filter(Boolean).join('&');
  });
}

function jsonBodyOf(route: RouteDefinition & { body: { kind: 'json' } }, context: Context): fc.Arbitrary<Body> {
  const fitting = fuzzed(route.body.schema, context).map((value): Body => ({ kind: 'json', value }));
  if (!context.hostile) return fitting;
  return fc.oneof(
    { weight: 5, arbitrary: fitting },
    { weight: 2, arbitrary: fc.constantFrom(...BROKEN_JSON).map((payload): Body => ({ kind: 'raw', payload, contentType: 'application/json' })) },
    {
      weight: 2,
      arbitrary: fc.tuple(fuzzed(route.body.schema, context), fc.constantFrom(...WRONG_TYPES)).map(([value, contentType]): Body => ({ kind: 'raw', payload: JSON.stringify(value) ?? '', contentType })),
    },
    { weight: 1, arbitrary: fc.constant<Body>({ kind: 'none' }) },
  );
}

const CRLF = '\r\n';
const part = (headers: string, content: string) => `${headers}${CRLF}${CRLF}${content}${CRLF}`;

/** Multipart bodies whose structure is broken, written by hand (FormData would not). */
function brokenMultipart(fieldNames: readonly string[], fileNames: readonly string[]): fc.Arbitrary<Body> {
  const field = fc.constantFrom(...fieldNames, ...fileNames, 'x', '', '"', 'a"; filename="b');
  return fc
    .tuple(
      fc.constantFrom('no-boundary', 'wrong-boundary', 'unterminated', 'no-name', 'file-as-text', 'text-as-file', 'repeated', 'many-parts', 'huge-header', 'empty'),
      field,
      fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 1000)),
    )
    .map(([shape, name, value]): Body => {
      const b = 'fuzzboundary';
      const text = (n: string, v: string) => `--${b}${CRLF}${part(`Content-Disposition: form-data; name="${n}"`, v)}`;
      const file = (n: string, v: string) => `--${b}${CRLF}${part(`Content-Disposition: form-data; name="${n}"; filename="a.png"${CRLF}Content-Type: image/png`, v)}`;
      const end = `--${b}--${CRLF}`;
      const multipart = (payload: string): Body => ({ kind: 'raw', payload, contentType: `multipart/form-data; boundary=${b}` });
      switch (shape) {
        case 'no-boundary':
          return { kind: 'raw', payload: text(name, value) + end, contentType: 'multipart/form-data' };
        case 'wrong-boundary':
          return { kind: 'raw', payload: text(name, value) + end, contentType: 'multipart/form-data; boundary=other' };
        case 'unterminated':
          return multipart(text(name, value).slice(0, -2));
        case 'no-name':
          return multipart(`--${b}${CRLF}${part('Content-Disposition: form-data', value)}${end}`);
        case 'file-as-text':
          return multipart(file(fieldNames[0] ?? name, value) + end);
        case 'text-as-file':
          return multipart(text(fileNames[0] ?? name, value) + end);
        case 'repeated':
          return multipart(text(name, value) + text(name, value) + end);
        case 'many-parts':
          return multipart(Array.from({ length: 500 }, (_, i) => text(`${name}${i}`, 'v')).join('') + end);
        case 'huge-header':
          return multipart(`--${b}${CRLF}${part(`Content-Disposition: form-data; name="${name}"${CRLF}X-Long: ${'h'.repeat(100_000)}`, value)}${end}`);
        default:
          return multipart('');
      }
    });
}

function multipartBodyOf(route: RouteDefinition & { body: { kind: 'multipart' } }, context: Context): fc.Arbitrary<Body> {
  const { fields, files } = route.body;
  const fileNames = Object.keys(files);
  const fieldNames = Object.keys(fields.shape);
  const filePart = context.hostile
    ? fc.record({ field: fc.constantFrom(...fileNames, ...fieldNames.slice(0, 1), 'other'), part: fc.constantFrom<FilePart>('photo', 'photo', 'garbage', 'empty') })
    : fc.record({ field: fc.constantFrom(...(fileNames.length > 0 ? fileNames : ['images'])), part: fc.constant<FilePart>('photo') });
  // As many files as the parts allow (their own limits are the server's to enforce).
  const most = Object.values(files).reduce((sum, file) => sum + (file.multiple ? (file.maxCount ?? 5) : 1), 0);
  const fileParts = context.hostile ? fc.array(filePart, { maxLength: 7 }) : fc.array(filePart, { minLength: most > 0 ? 1 : 0, maxLength: Math.min(most, 2) });
  const wellFormed = fc.tuple(fuzzed(fields, context), fileParts).map(([values, fileParts]): Body => {
    const texts: Array<[string, string]> = [];
    if (values && typeof values === 'object' && !Array.isArray(values)) for (const [key, value] of Object.entries(values)) texts.push([key, encodeValue(value)]);
    else texts.push(['x', encodeValue(values)]);
    return { kind: 'multipart', fields: texts, files: fileParts };
  });
  if (!context.hostile) return wellFormed;
  return fc.oneof(
    { weight: 5, arbitrary: wellFormed },
    { weight: 3, arbitrary: brokenMultipart(fieldNames, fileNames.length > 0 ? fileNames : ['file']) },
    { weight: 1, arbitrary: fuzzed(fields, context).map((value): Body => ({ kind: 'json', value })) },
    { weight: 1, arbitrary: fc.constant<Body>({ kind: 'none' }) },
  );
}

/** A route without a body: mostly none, sometimes one anyway. */
const strayBody: fc.Arbitrary<Body> = fc.oneof(
  { weight: 8, arbitrary: fc.constant<Body>({ kind: 'none' }) },
  { weight: 1, arbitrary: hostileValue.map((value): Body => ({ kind: 'json', value })) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...BROKEN_JSON.slice(0, 8)), fc.constantFrom(...WRONG_TYPES, 'application/json')).map(([payload, contentType]): Body => ({ kind: 'raw', payload, contentType })) },
);

function requestIn(route: RouteDefinition, context: Context): fc.Arbitrary<FuzzRequest> {
  const body =
    route.body?.kind === 'json'
      ? jsonBodyOf(route as RouteDefinition & { body: { kind: 'json' } }, context)
      : route.body?.kind === 'multipart'
        ? multipartBodyOf(route as RouteDefinition & { body: { kind: 'multipart' } }, context)
        : context.hostile
          ? strayBody
          : fc.constant<Body>({ kind: 'none' });
  const request = fc.record({ path: pathOf(route, context), query: queryOf(route, context), body });
  if (!context.hostile) return request;
  const method = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS').filter((m) => m !== route.method);
  return fc.tuple(request, fc.option(method, { freq: 8 })).map(([r, m]): FuzzRequest => (m ? { ...r, method: m } : r));
}

/**
 * Half the requests fit the route's schemas and aim at the world's real things (so handlers run
 * and succeed, and later requests meet what earlier ones changed); half carry hostile values.
 */
export function requestOf(route: RouteDefinition, pool: Pool, examples: readonly Record<string, unknown>[] = []): fc.Arbitrary<FuzzRequest> {
  const context = { pool, examples, path: route.path };
  return fc.oneof(requestIn(route, { ...context, hostile: false }), requestIn(route, { ...context, hostile: true }));
}

/** A short account of a request for a failure message (huge values cut). */
export function describeRequest(method: string, request: FuzzRequest): string {
  const cut = (text: string) => (text.length > 160 ? `${text.slice(0, 160)}… (${text.length} chars)` : text);
  const body = request.body;
  const shown =
    body.kind === 'none'
      ? 'no body'
      : body.kind === 'json'
        ? `JSON ${cut(JSON.stringify(body.value) ?? 'undefined')}`
        : body.kind === 'raw'
          ? `${body.contentType ?? 'no content type'}: ${cut(JSON.stringify(body.payload))}`
          : `multipart ${cut(JSON.stringify(body.fields))} files ${JSON.stringify(body.files)}`;
  return `${request.method ?? method} ${cut(request.path)}${request.query ? `?${cut(request.query)}` : ''} with ${shown}`;
}

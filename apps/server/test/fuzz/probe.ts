// Sends one fuzzed request into the app and says what is wrong with the answer: a 5xx; a refusal
// without a JSON `{ message }`; a refusal that changed something (every table's digest before
// and after, World.snapshot, the one the authorization matrix uses).
import type { LightMyRequestResponse } from 'fastify';
import type { RouteDefinition } from '@pitlane/api/contract';
import type { World } from '../authorization/world.ts';
import type { ImageFile } from '../posts.ts';
import type { Body, FuzzRequest } from './requests.ts';

export interface ProbeFiles {
  photo: ImageFile;
}

const GARBAGE: ImageFile = { bytes: new TextEncoder().encode('GIF89a not really a picture \u0000\u0001'), name: 'photo.png', type: 'image/png' };
const EMPTY: ImageFile = { bytes: new Uint8Array(0), name: '', type: 'application/octet-stream' };

async function payloadOf(body: Body, files: ProbeFiles): Promise<{ payload?: string | Buffer; contentType?: string }> {
  switch (body.kind) {
    case 'none':
      return {};
    case 'json':
      return { payload: JSON.stringify(body.value) ?? '', contentType: 'application/json' };
    case 'raw':
      return { payload: body.payload, ...(body.contentType === null ? {} : { contentType: body.contentType }) };
    case 'multipart': {
      const data = new FormData();
      for (const [name, value] of body.fields) data.append(name, value);
      for (const { field, part } of body.files) {
        const file = part === 'photo' ? files.photo : part === 'garbage' ? GARBAGE : EMPTY;
        data.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
      }
      const encoded = new Response(data);
      return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
    }
  }
}

export async function send(world: World, route: RouteDefinition, request: FuzzRequest, cookie: string | undefined, files: ProbeFiles): Promise<LightMyRequestResponse> {
  const { payload, contentType } = await payloadOf(request.body, files);
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (contentType !== undefined) headers['content-type'] = contentType;
  const n = world.next();
  return world.app.inject({
    method: request.method ?? route.method,
    url: request.query ? `${request.path}?${request.query}` : request.path,
    headers,
    // A new client address for every request: the per-client rate limits stay far away.
    remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    ...(payload === undefined ? {} : { payload }),
  });
}

/** What is wrong with an answer (empty: nothing). `allowed`: tables a refusal may change. */
export function problemsOf(response: LightMyRequestResponse, changed: readonly string[], allowed: readonly string[]): string[] {
  const status = response.statusCode;
  const problems: string[] = [];
  if (status >= 500) problems.push(`answered ${status}: ${response.body.slice(0, 300)}`);
  if (status >= 400) {
    let message: unknown;
    try {
      message = (response.json() as { message?: unknown } | null)?.message;
    } catch {
      // not JSON: reported below
    }
    if (typeof message !== 'string' || message.trim() === '') problems.push(`a ${status} answered ${JSON.stringify(response.body.slice(0, 200))}, not a JSON { message }`);
    const unexpected = changed.filter((table) => !allowed.includes(table));
    if (unexpected.length > 0) problems.push(`a ${status} changed ${unexpected.join(', ')}`);
  }
  return problems;
}

/** Tables whose digest differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table]);
}

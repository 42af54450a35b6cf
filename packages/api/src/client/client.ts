/// <reference types="vite/client" />
// One typed client over the route table. JSON and multipart bodies, cookies always sent,
// replies parsed with the contract's schemas, one error type, and the 401 event.
//
// It sends a call knowing only its endpoint (method, path, body kind: endpoints.ts, no zod).
// Replies are checked against the contract's schemas everywhere but in a production build of
// the web app: there Vite replaces `import.meta.env.PROD` with true, the check is dead code, and
// the route table with every schema and zod drop out of the first load (~30 KB gzip and their
// start-up time; BENCHMARKS.md "Web"). The server checks its replies against the same schemas
// in every test, and the contract's behaviour suite runs this client, checks on, against it.
// Multipart calls load the route table when they are made: their text fields are encoded by
// the contract's codecs.
import type { z } from 'zod';
import { buildPath, ENDPOINTS, type Endpoint } from '../contract/endpoints.ts';
import type { encodeFields as EncodeFields, FileField, JsonBody, MultipartBody, RouteDefinition, RouteName, Routes } from '../contract/routes.ts';
import { ApiError } from './api-error.ts';
import { emitAuthError } from './auth-events.ts';

type FileValue<F extends FileField> = F['multiple'] extends true ? Blob[] : Blob;
type FilesInput<Files extends Record<string, FileField>> = {
  [K in keyof Files as Files[K]['required'] extends true ? K : never]: FileValue<Files[K]>;
} & {
  [K in keyof Files as Files[K]['required'] extends true ? never : K]?: FileValue<Files[K]>;
};

type ParamsPart<R> = R extends { params: infer P extends z.ZodObject } ? { params: z.input<P> } : unknown;
type QueryPart<R> = R extends { query: infer Q extends z.ZodObject }
  ? Record<never, never> extends z.input<Q>
    ? { query?: z.input<Q> }
    : { query: z.input<Q> }
  : unknown;
type BodyPart<R> = R extends { body: infer B }
  ? B extends MultipartBody<infer F, infer Files>
    ? { body: z.output<F> & FilesInput<Files> }
    : B extends JsonBody<infer S>
      ? Record<never, never> extends z.input<S>
        ? { body?: z.input<S> }
        : { body: z.input<S> }
      : unknown
  : unknown;

/** What a call takes: `params`, `query` and `body` as its route declares them. */
export type RouteInput<N extends RouteName> = ParamsPart<Routes[N]> & QueryPart<Routes[N]> & BodyPart<Routes[N]>;
/** What a call resolves to: the parsed reply. */
export type RouteResponse<N extends RouteName> = z.output<Routes[N]['response']>;

export interface CallOptions {
  signal?: AbortSignal;
  /** Multipart calls only: upload progress from 0 to 1 (sent over XMLHttpRequest). */
  onUploadProgress?: (fraction: number) => void;
}

type CallArgs<N extends RouteName> = Record<never, never> extends RouteInput<N> ? [input?: RouteInput<N>, options?: CallOptions] : [input: RouteInput<N>, options?: CallOptions];

export interface ApiClientOptions {
  /** Origin (and prefix) of the API; '' means the page's own origin. */
  baseUrl?: string;
  /** Defaults to the global fetch, looked up at call time. */
  fetch?: typeof fetch;
}

/** The calls whose reply is a file to save (`download` in the route table), not JSON. */
export type DownloadRouteName = { [N in RouteName]: Routes[N] extends { download: object } ? N : never }[RouteName];

/** A downloaded file: its bytes and the name the server gave it (`Content-Disposition`). */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

export interface ApiClient {
  readonly baseUrl: string;
  call<N extends RouteName>(name: N, ...args: CallArgs<N>): Promise<RouteResponse<N>>;
  /**
   * A call whose reply is a file (the data export): fetched whole as a Blob, so a refusal (429)
   * arrives as an `ApiError` with the server's message, as every other call's does.
   */
  download<N extends DownloadRouteName>(name: N, ...args: CallArgs<N>): Promise<DownloadedFile>;
}

interface RawReply {
  status: number;
  text: string;
}

interface LooseInput {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? '').replace(/\/$/, '');

  function url(path: string, input: LooseInput): string {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(input.query ?? {})) {
      if (value !== undefined && value !== null) search.set(key, String(value));
    }
    const qs = search.toString();
    return `${baseUrl}${buildPath(path, input.params)}${qs ? `?${qs}` : ''}`;
  }

  function multipartBody(body: MultipartBody, values: Record<string, unknown>, encodeFields: typeof EncodeFields): FormData {
    const form = new FormData();
    const fieldValues = Object.fromEntries(Object.keys(body.fields.shape).filter((k) => values[k] !== undefined).map((k) => [k, values[k]]));
    // Invalid values are still sent (arrays as JSON): refusing them, with a message the UI can
    // show, is the server's job, not a ZodError thrown here.
    const encoded = encodeFields(body.fields, fieldValues);
    const parts: Record<string, unknown> = encoded
      ? encoded
      : Object.fromEntries(Object.entries(fieldValues).map(([k, v]) => [k, typeof v === 'object' && v !== null ? JSON.stringify(v) : v]));
    for (const [key, value] of Object.entries(parts)) {
      if (value !== undefined) form.append(key, String(value));
    }
    for (const name of Object.keys(body.files)) {
      const value = values[name];
      if (value === undefined) continue;
      for (const file of Array.isArray(value) ? (value as Blob[]) : [value as Blob]) form.append(name, file);
    }
    return form;
  }

  async function send(method: string, target: string, body: BodyInit | undefined, headers: Record<string, string>, callOptions: CallOptions): Promise<RawReply> {
    const doFetch = options.fetch ?? globalThis.fetch;
    try {
      const response = await doFetch(target, { method, credentials: 'include', headers, body, signal: callOptions.signal });
      return { status: response.status, text: await response.text() };
    } catch (error) {
      if (callOptions.signal?.aborted) throw error;
      throw new ApiError(0, undefined, undefined, { cause: error });
    }
  }

  function sendWithProgress(method: string, target: string, body: FormData, callOptions: CallOptions): Promise<RawReply> {
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(method, target);
      xhr.withCredentials = true;
      const report = callOptions.onUploadProgress;
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) report?.(event.loaded / event.total);
      };
      xhr.upload.onload = () => report?.(1);
      xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
      xhr.onerror = () => reject(new ApiError(0, undefined));
      xhr.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
      callOptions.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(body);
    });
  }

  async function call(name: RouteName, input: LooseInput = {}, callOptions: CallOptions = {}): Promise<unknown> {
    const endpoint: Endpoint = ENDPOINTS[name];
    const target = url(endpoint.path, input);

    let reply: RawReply;
    if (endpoint.body === 'multipart') {
      const { routes: table, encodeFields } = await import('../contract/routes.ts');
      const definition: RouteDefinition = table[name];
      const form = multipartBody(definition.body as MultipartBody, input.body ?? {}, encodeFields);
      reply = callOptions.onUploadProgress
        ? await sendWithProgress(endpoint.method, target, form, callOptions)
        : await send(endpoint.method, target, form, {}, callOptions);
    } else if (endpoint.body === 'json') {
      reply = await send(endpoint.method, target, JSON.stringify(input.body ?? {}), { 'Content-Type': 'application/json' }, callOptions);
    } else {
      reply = await send(endpoint.method, target, undefined, {}, callOptions);
    }

    let parsed: unknown = undefined;
    if (reply.text !== '') {
      try {
        parsed = JSON.parse(reply.text);
      } catch {
        parsed = reply.text;
      }
    }

    if (reply.status < 200 || reply.status >= 300) {
      const message = typeof parsed === 'object' && parsed !== null && typeof (parsed as { message?: unknown }).message === 'string' ? (parsed as { message: string }).message : undefined;
      const error = new ApiError(reply.status, message, parsed);
      if (reply.status === 401) emitAuthError(error);
      throw error;
    }

    if (!import.meta.env.PROD) {
      const { routes } = await import('../contract/routes.ts');
      const result = routes[name].response.safeParse(parsed);
      if (!result.success) {
        throw new ApiError(reply.status, undefined, parsed, { cause: result.error, fallback: `Unexpected reply from ${endpoint.method} ${endpoint.path}` });
      }
      return result.data;
    }
    return parsed;
  }

  // Loaded when first used (a press on "Download my data"), not with every page: see download.ts.
  async function download(name: DownloadRouteName, input: LooseInput = {}, callOptions: CallOptions = {}): Promise<DownloadedFile> {
    const endpoint: Endpoint = ENDPOINTS[name];
    const { downloadFile } = await import('./download.ts');
    return downloadFile(options.fetch ?? globalThis.fetch, endpoint.method, url(endpoint.path, input), callOptions);
  }

  return { baseUrl, call: call as ApiClient['call'], download: download as ApiClient['download'] };
}

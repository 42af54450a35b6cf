// One typed client over the route table. JSON and multipart bodies, cookies always sent,
// replies parsed with the contract's schemas, one error type, and the 401 event.
import { z } from 'zod';
import { buildPath, routes, type FileField, type JsonBody, type MultipartBody, type RouteName, type Routes } from '../contract/index.ts';
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

export interface ApiClient {
  readonly baseUrl: string;
  call<N extends RouteName>(name: N, ...args: CallArgs<N>): Promise<RouteResponse<N>>;
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

  function multipartBody(body: MultipartBody, values: Record<string, unknown>): FormData {
    const form = new FormData();
    const fieldValues = Object.fromEntries(Object.keys(body.fields.shape).filter((k) => values[k] !== undefined).map((k) => [k, values[k]]));
    // Invalid values are still sent (arrays as JSON): refusing them, with a message the UI can
    // show, is the server's job, not a ZodError thrown here.
    const encoded = z.safeEncode(body.fields, fieldValues);
    const parts: Record<string, unknown> = encoded.success
      ? encoded.data
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
    const definition = routes[name];
    const target = url(definition.path, input);
    const body = 'body' in definition ? definition.body : undefined;

    let reply: RawReply;
    if (body?.kind === 'multipart') {
      const form = multipartBody(body, input.body ?? {});
      reply = callOptions.onUploadProgress
        ? await sendWithProgress(definition.method, target, form, callOptions)
        : await send(definition.method, target, form, {}, callOptions);
    } else if (body?.kind === 'json') {
      reply = await send(definition.method, target, JSON.stringify(input.body ?? {}), { 'Content-Type': 'application/json' }, callOptions);
    } else {
      reply = await send(definition.method, target, undefined, {}, callOptions);
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

    const result = definition.response.safeParse(parsed);
    if (!result.success) {
      throw new ApiError(reply.status, undefined, parsed, { cause: result.error, fallback: `Unexpected reply from ${definition.method} ${definition.path}` });
    }
    return result.data;
  }

  return { baseUrl, call: call as ApiClient['call'] };
}

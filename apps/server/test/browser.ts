// A browser for server tests: `app.inject` with its own cookie jar (path-scoped, deleted when
// the server expires a cookie), so each `browser(app)` is one person's browser; plus helpers that
// register and sign people in through the public API, reading codes from the real SMTP sink.
import type { ParsedMail } from 'mailparser';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../src/app.ts';
import { codeIn, type SmtpSink } from './smtp-sink.ts';

export type { SmtpSink };

export const PASSWORD = 'Apex@2024';

interface RequestOptions {
  payload?: unknown;
  headers?: Record<string, string>;
  /** The client's address (rate limits are per address). */
  remoteAddress?: string;
}

export interface Browser {
  request(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, options?: RequestOptions): Promise<LightMyRequestResponse>;
  get(url: string, options?: RequestOptions): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown, options?: RequestOptions): Promise<LightMyRequestResponse>;
  patch(url: string, payload?: unknown, options?: RequestOptions): Promise<LightMyRequestResponse>;
  /** The cookies this browser holds, by name. */
  cookies: Map<string, { value: string; path: string }>;
}

export function browser(app: App, defaults: { remoteAddress?: string } = {}): Browser {
  const cookies = new Map<string, { value: string; path: string }>();
  const request: Browser['request'] = async (method, url, options = {}) => {
    const pathname = new URL(url, 'http://x').pathname;
    const sent = [...cookies].filter(([, c]) => pathname.startsWith(c.path)).map(([name, c]) => `${name}=${c.value}`);
    const response = await app.inject({
      method,
      url,
      ...(options.payload !== undefined ? { payload: options.payload as never } : {}),
      headers: { ...(sent.length > 0 ? { cookie: sent.join('; ') } : {}), ...options.headers },
      ...((options.remoteAddress ?? defaults.remoteAddress) ? { remoteAddress: options.remoteAddress ?? defaults.remoteAddress } : {}),
    });
    for (const cookie of response.cookies as Array<{ name: string; value: string; path?: string; maxAge?: number; expires?: Date }>) {
      const expired = cookie.value === '' || cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired) cookies.delete(cookie.name);
      else cookies.set(cookie.name, { value: cookie.value, path: cookie.path ?? '/' });
    }
    return response;
  };
  return {
    request,
    get: (url, options) => request('GET', url, options),
    post: (url, payload = {}, options = {}) => request('POST', url, { ...options, payload }),
    patch: (url, payload = {}, options = {}) => request('PATCH', url, { ...options, payload }),
    cookies,
  };
}

/** A mark in the sink's inbox: `mailAfter` waits for a message that arrived after it. */
export function inboxMark(sink: SmtpSink): number {
  return sink.inbox.length;
}

function addressesOf(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((group) => group.value.map((a) => (a.address ?? '').toLowerCase()));
}

/** The first message to `address` that arrived after `mark` (waits up to 5 s). */
export async function mailAfter(sink: SmtpSink, mark: number, address: string, which: (mail: ParsedMail) => boolean = () => true): Promise<ParsedMail> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const mail = sink.inbox.slice(mark).find((m) => addressesOf(m).includes(address.toLowerCase()) && which(m));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no new mail to ${address} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A mail with a one-time code in it (not a security notice, which may arrive at any moment). */
export const withCode = (mail: ParsedMail): boolean => /^\d{6}$/m.test(mail.text ?? '');

/** The code of the first mail with a code to `address` after `mark` (waiting for it). */
export async function codeAfter(sink: SmtpSink, mark: number, address: string): Promise<string> {
  return codeIn(await mailAfter(sink, mark, address, withCode));
}

/** Messages to `address` that arrived after `mark`, without waiting. */
export function mailsAfter(sink: SmtpSink, mark: number, address: string): ParsedMail[] {
  return sink.inbox.slice(mark).filter((m) => addressesOf(m).includes(address.toLowerCase()));
}

export interface Person {
  browser: Browser;
  id: string;
  username: string;
  fullName: string;
  email: string;
  password: string;
}

/** Sends the registration code and returns it, read from the e-mail. */
export async function sendRegistrationCode(b: Browser, sink: SmtpSink, details: { fullName: string; username: string; email: string; password: string }): Promise<string> {
  const mark = inboxMark(sink);
  const sent = await b.post('/api/auth/send-otp', details);
  if (sent.statusCode !== 200) throw new Error(`send-otp answered ${sent.statusCode}: ${sent.body}`);
  return await codeAfter(sink, mark, details.email);
}

/** Registers (send-otp → mailed code → verify-otp) and logs in, in a new browser. */
export async function person(app: App, sink: SmtpSink, handle: string, fullName = 'Test Driver'): Promise<Person> {
  const b = browser(app);
  const details = { fullName, username: handle, email: `${handle.replace(/[^a-z0-9]/g, '')}@pitlane.test`, password: PASSWORD };
  const otp = await sendRegistrationCode(b, sink, details);
  const verified = await b.post('/api/auth/verify-otp', { email: details.email, otp });
  if (verified.statusCode !== 200) throw new Error(`verify-otp answered ${verified.statusCode}: ${verified.body}`);
  const login = await b.post('/api/auth/login', { email: details.email, password: PASSWORD });
  if (login.statusCode !== 200) throw new Error(`login answered ${login.statusCode}: ${login.body}`);
  return { browser: b, id: (login.json() as { user: { id: string } }).user.id, ...details };
}

/** A multipart/form-data body as a browser sends it: `{ payload, headers }` for `request`. */
export async function multipart(fields: Record<string, string>, files: Record<string, { bytes: Uint8Array; name: string; type: string }> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) form.append(name, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } };
}

// People on a listening server (server-process.ts), over real HTTP with fetch: registered through
// the mailed code like browser.ts's, each with their own session cookie. For tests that stop,
// kill or restart something under the server, where app.inject cannot reach.
import { inboxMark, codeAfter, PASSWORD, type SmtpSink } from './browser.ts';

export interface HttpPerson {
  id: string;
  username: string;
  email: string;
  /** The session cookie, as the `cookie` header sends it. */
  cookie: string;
  /**
   * One request with this person's cookie; a plain object body goes as JSON, FormData as
   * multipart. Rejects (AbortSignal.timeout) if no answer arrives within `timeoutMs`.
   */
  request(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown, timeoutMs?: number): Promise<Response>;
  /** The same person (same cookie) on the server at `baseUrl`, e.g. the process started again. */
  at(baseUrl: string): HttpPerson;
}

function send(baseUrl: string, cookie: string, method: string, path: string, body: unknown, timeoutMs: number): Promise<Response> {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  return fetch(new URL(path, baseUrl), { method, headers, body: payload, signal: AbortSignal.timeout(timeoutMs) });
}

async function mustAnswer(response: Response, status: number, what: string): Promise<Response> {
  if (response.status !== status) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** Registers `handle` (send-otp → mailed code → verify-otp) and signs in. */
export async function httpPerson(baseUrl: string, sink: SmtpSink, handle: string): Promise<HttpPerson> {
  const details = { fullName: `${handle[0]!.toUpperCase()}${handle.slice(1)} Driver`, username: handle, email: `${handle}@pitlane.test`, password: PASSWORD };
  const mark = inboxMark(sink);
  await mustAnswer(await send(baseUrl, '', 'POST', '/api/auth/send-otp', details, 10_000), 200, 'send-otp');
  const otp = await codeAfter(sink, mark, details.email);
  await mustAnswer(await send(baseUrl, '', 'POST', '/api/auth/verify-otp', { email: details.email, otp }, 10_000), 200, 'verify-otp');
  const login = await mustAnswer(await send(baseUrl, '', 'POST', '/api/auth/login', { email: details.email, password: PASSWORD }, 10_000), 200, 'login');
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ');
  const { user } = (await login.json()) as { user: { id: string } };
  const at = (base: string): HttpPerson => ({
    id: user.id,
    username: handle,
    email: details.email,
    cookie,
    request: (method, path, body, timeoutMs = 15_000) => send(base, cookie, method, path, body, timeoutMs),
    at,
  });
  return at(baseUrl);
}

// One browser's cookies: a fetch wrapper that stores `Set-Cookie` replies and sends them back,
// so each `newBrowser()` of a behaviour target has its own session. Enough for one API origin
// (name=value, Max-Age=0 / Expires in the past to delete); not a general cookie engine.

export interface CookieJarFetch {
  fetch: typeof fetch;
  /** The cookies this browser holds, by name. */
  cookies: Map<string, string>;
}

function expired(attributes: string[]): boolean {
  for (const attribute of attributes) {
    const [key = '', value = ''] = attribute.split('=').map((s) => s.trim());
    if (key.toLowerCase() === 'max-age' && Number(value) <= 0) return true;
    if (key.toLowerCase() === 'expires' && Date.parse(value) <= Date.now()) return true;
  }
  return false;
}

export function withCookieJar(baseFetch: typeof fetch): CookieJarFetch {
  const cookies = new Map<string, string>();
  const jarFetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    if (cookies.size > 0) headers.set('Cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await baseFetch(input, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      if (at < 1) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || expired(attributes)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  };
  return { fetch: jarFetch, cookies };
}

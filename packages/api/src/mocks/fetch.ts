// A `fetch` that answers from MSW handlers without patching any global: hand it to
// `createApiClient({ fetch })` in unit tests. No cookies are kept here; wrap it in
// `withCookieJar` (behaviour/cookie-jar.ts) for a browser-like session.
import { getResponse, type RequestHandler } from 'msw';

/** Relative URLs resolve against this origin, as they would on the page. */
export const MOCK_ORIGIN = 'http://pitlane.test';

export function fetchThroughHandlers(handlerList: RequestHandler[], origin = MOCK_ORIGIN): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? new Request(input, init) : new Request(new URL(String(input), origin), init);
    const response = await getResponse(handlerList, request);
    if (response) return response;
    return Response.json({ message: `No mock handler for ${request.method} ${new URL(request.url).pathname}` }, { status: 404 });
  };
}

// The picture a signed-in feed is waiting for, named in the page load's `Link` header (issue 22).
//
// The first card's first photo is the feed's largest paint. Found by the page itself, it is
// requested only once the scripts have run, the feed has answered and the card has been drawn:
// a download after everything else. Named here, the browser fetches it beside the scripts, and the
// card draws it from the cache. The same file the card will ask for, or it would come twice: the
// card's `src` with its `srcset` and `sizes` (imagesrcset, imagesizes), at high priority as the card asks.
//
// It costs the page load the session lookup and the feed's first page (the query the preloaded
// feed reply runs too). Whatever goes wrong, the page loads without it.
import type { FastifyInstance } from 'fastify';
import { POST_CARD_IMAGE_SIZES, postImageSrcSet } from '@pitlane/api/contract';
import { isDatabaseUnavailable, postgresErrorCode } from '../db/errors.ts';
import { sessionOf } from '../modules/auth/sessions.ts';
import { feedPage, postReaderOf } from '../modules/posts/service.ts';

/** `value` as a quoted-string of a Link header parameter (RFC 8288). */
const quoted = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

/** The Link value preloading the first photo of the feed of the session `token`, or null. */
export async function feedPhotoLink(app: FastifyInstance, token: string): Promise<string | null> {
  try {
    const session = await sessionOf(app, token);
    if (!session) return null;
    const first = (await feedPage(postReaderOf(app), session.user.id, 1)).posts[0];
    const url = first?.imageUrls[0];
    // Our own stored pictures only: nothing else goes into a header unchecked.
    if (!url || !/^\/media\/[\w./-]+$/.test(url)) return null;
    const srcSet = postImageSrcSet(url);
    const choice = srcSet ? `; imagesrcset=${quoted(srcSet)}; imagesizes=${quoted(POST_CARD_IMAGE_SIZES)}` : '';
    return `<${url}>; rel=preload; as=image${choice}; fetchpriority=high`;
  } catch (error) {
    // Not the error itself: a failed query's message carries its parameters (the token's hash).
    const reason = isDatabaseUnavailable(error) ? 'database unavailable' : (postgresErrorCode(error) ?? 'error');
    app.log.warn({ reason }, 'the feed photo preload was left out');
    return null;
  }
}

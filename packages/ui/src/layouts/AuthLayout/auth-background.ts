/*
 * The auth screens' background artwork, drawn by us (DESIGN.md "Our own artwork"): night asphalt
 * and graphite, one racing-red line and the silhouette of the spinner's fastback coupé (its body
 * path is Spinner.tsx's, in 300 × 150 units scaled by 3.4). Colours are the theme's (styles.css):
 * asphalt, graphite, concrete, chalk, accent.
 *
 * 1200 × 1000 units, meant to be drawn with `object-fit: cover`; the car sits in the middle so
 * any crop keeps it.
 *
 * A file of its own, not a data URL (issue 22): as a data URL its 3 KB rode in the first-load
 * JavaScript of every signed-out page and again in the drawn HTML, and phones, which never show
 * it (below 900 px), paid for it too. As a file it is fetched once, cached with the build's other
 * assets, and only where it is shown (AuthLayout draws it lazily).
 */
import authBackgroundUrl from './auth-background.svg?url&no-inline';

/** The default auth background's URL. */
export { authBackgroundUrl };

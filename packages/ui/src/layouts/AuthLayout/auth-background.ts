/*
 * The auth screens' background artwork, drawn by us (DESIGN.md "Our own artwork"): night asphalt
 * and graphite, one racing-red line and the silhouette of the spinner's fastback coupé. A string,
 * not a component, because it is an image URL like the media one the server will serve later:
 * AuthLayout takes either through the same `imageUrl` prop.
 *
 * 1200 × 1000 units, meant to be drawn with `object-fit: cover`; the car sits in the middle so
 * any crop keeps it.
 */

// The coupé of the car spinner (Spinner.tsx), in its own 300 × 150 units.
const CAR_BODY =
  'M44 110 Q36 110 36 102 L37 88 Q38 82 46 80 C88 71 118 57 158 56 C176 56 188 61 203 71 L256 81 Q270 84 272 95 L272 103 Q272 110 264 110 L239 110 A21 21 0 0 0 197 110 L105 110 A21 21 0 0 0 63 110 Z';
const CAR_ROOFLINE = 'M46 80 C88 71 118 57 158 56 C176 56 188 61 203 71 L256 81';

// Colours are the theme's (styles.css): asphalt, graphite, concrete, chalk, accent.
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 1000" preserveAspectRatio="xMidYMid slice">
<defs>
  <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#111315"/>
    <stop offset="0.62" stop-color="#2a2e33"/>
    <stop offset="0.74" stop-color="#3a3f45"/>
  </linearGradient>
  <linearGradient id="ground" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#1b1e22"/>
    <stop offset="1" stop-color="#0b0c0e"/>
  </linearGradient>
  <radialGradient id="glow" cx="0.5" cy="0.7" r="0.55">
    <stop offset="0" stop-color="#5b616b" stop-opacity="0.45"/>
    <stop offset="1" stop-color="#5b616b" stop-opacity="0"/>
  </radialGradient>
  <linearGradient id="line" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#c8102e" stop-opacity="0"/>
    <stop offset="0.35" stop-color="#c8102e"/>
    <stop offset="1" stop-color="#c8102e"/>
  </linearGradient>
</defs>
<rect width="1200" height="1000" fill="url(#sky)"/>
<rect width="1200" height="1000" fill="url(#glow)"/>
<g stroke="#e4e6e9" stroke-opacity="0.05" stroke-width="2">
  <path d="M0 180H1200M0 300H1200M0 420H1200M0 540H1200"/>
</g>
<rect y="740" width="1200" height="260" fill="url(#ground)"/>
<path d="M0 740H1200" stroke="#e4e6e9" stroke-opacity="0.35" stroke-width="2"/>
<g stroke="#e4e6e9" stroke-opacity="0.12" stroke-width="3">
  <path d="M-40 1000L260 760M200 1000L440 760M440 1000L620 760M680 1000L800 760M920 1000L980 760M1160 1000L1160 760"/>
</g>
<path d="M0 812 C 320 806, 620 790, 1200 742" stroke="#c8102e" stroke-opacity="0.28" stroke-width="26" fill="none"/>
<path d="M0 812 C 320 806, 620 790, 1200 742" stroke="url(#line)" stroke-width="8" fill="none" stroke-linecap="round"/>
<g stroke="#8a9099" stroke-opacity="0.35" stroke-width="6" stroke-linecap="round">
  <path d="M40 560H180M10 620H150M70 680H190"/>
</g>
<ellipse cx="600" cy="742" rx="400" ry="14" fill="#000000" fill-opacity="0.5"/>
<g transform="translate(76 318) scale(3.4)">
  <path d="${CAR_BODY}" fill="#070809"/>
  <path d="${CAR_ROOFLINE}" fill="none" stroke="#8a9099" stroke-opacity="0.7" stroke-width="0.8"/>
  <path d="M38 89 L271 89" stroke="#c8102e" stroke-width="1.2"/>
  <rect x="35" y="91" width="4" height="8" rx="1.5" fill="#c8102e"/>
  <path d="M256 83 Q266 85 269 92 L257 91 Z" fill="#e4e6e9" fill-opacity="0.85"/>
  <path d="M34 73 L66 70 L66 74 L36 77 Z" fill="#070809"/>
  <path d="M53 74 L53 80" stroke="#070809" stroke-width="3"/>
  <circle cx="84" cy="107" r="17" fill="#070809"/>
  <circle cx="218" cy="107" r="17" fill="#070809"/>
  <circle cx="84" cy="107" r="11" fill="none" stroke="#5b616b" stroke-width="1.4"/>
  <circle cx="218" cy="107" r="11" fill="none" stroke="#5b616b" stroke-width="1.4"/>
</g>
</svg>`;

/** The default auth background, as a data URL (no network, stable pixels in screenshots). */
export const authBackgroundUrl = `data:image/svg+xml,${encodeURIComponent(svg)}`;

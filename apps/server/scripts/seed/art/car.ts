// A car in profile, drawn from a handful of numbers: each body style is a set of key points
// (axles, bumpers, beltline, roof, pillars), joined by curves. 1000 units long, front to the
// right, wheels on the line y = 0; scenes place it with a transform.
import { darken, lighten, luminance, mix } from './colour.ts';
import { digitsPath } from './digits.ts';

export type BodyStyle = 'coupe' | 'fastback' | 'hatch' | 'sedan' | 'wedge' | 'roadster' | 'suv' | 'ev' | 'classic';
export type RimStyle = 'mesh' | 'five' | 'dish' | 'aero' | 'steel' | 'six';
export type Livery = 'none' | 'stripes' | 'number' | 'twoTone' | 'panda' | 'primer' | 'decals';

export interface CarLook {
  style: BodyStyle;
  paint: string;
  /** Stripes, the lower half of a two-tone, the number's roundel. */
  accent: string;
  livery: Livery;
  number: number;
  rim: RimStyle;
  rimColour: string;
  /** null: no caliper shows. */
  caliper: string | null;
  wing: 'none' | 'ducktail' | 'gt';
  headlights: 'popup' | 'round' | 'slim' | 'bar';
  /** Mud flaps, roof vent and a light pod. */
  rally: boolean;
  /** 0 (stock) to 1 (slammed). */
  drop: number;
}

interface Shape {
  rearAxle: number;
  frontAxle: number;
  wheel: number;
  clear: number;
  tail: number;
  nose: number;
  belt: number;
  /** Windshield base, roof front, roof rear, rear-glass base (x). */
  a: number;
  roofFront: number;
  roofRear: number;
  c: number;
  roof: number;
  deck: number;
  /** How far the rear glass bows out (0 straight, 1 a full fastback curve). */
  bow: number;
  /** Pillars after the B-pillar (sedans and SUVs have a rear quarter window). */
  quarter: boolean;
}

// Proportions read off typical cars of each kind (a 1000-unit car: ~4.2 m).
const SHAPES: Record<BodyStyle, Shape> = {
  coupe: { rearAxle: 195, frontAxle: 790, wheel: 64, clear: 34, tail: -185, nose: -150, belt: -210, a: 640, roofFront: 540, roofRear: 345, c: 205, roof: -332, deck: -210, bow: 0.5, quarter: false },
  fastback: { rearAxle: 185, frontAxle: 775, wheel: 66, clear: 34, tail: -175, nose: -138, belt: -204, a: 650, roofFront: 548, roofRear: 400, c: 40, roof: -322, deck: -180, bow: 0.9, quarter: false },
  hatch: { rearAxle: 165, frontAxle: 805, wheel: 74, clear: 40, tail: -240, nose: -178, belt: -236, a: 650, roofFront: 540, roofRear: 150, c: 45, roof: -400, deck: -250, bow: 0.15, quarter: true },
  sedan: { rearAxle: 200, frontAxle: 790, wheel: 66, clear: 36, tail: -205, nose: -168, belt: -218, a: 668, roofFront: 572, roofRear: 318, c: 178, roof: -350, deck: -218, bow: 0.35, quarter: true },
  wedge: { rearAxle: 200, frontAxle: 800, wheel: 62, clear: 30, tail: -190, nose: -100, belt: -186, a: 572, roofFront: 470, roofRear: 330, c: 150, roof: -292, deck: -192, bow: 0.05, quarter: false },
  roadster: { rearAxle: 185, frontAxle: 800, wheel: 68, clear: 34, tail: -196, nose: -156, belt: -214, a: 580, roofFront: 515, roofRear: 515, c: 250, roof: -312, deck: -212, bow: 0, quarter: false },
  suv: { rearAxle: 170, frontAxle: 805, wheel: 88, clear: 72, tail: -330, nose: -272, belt: -305, a: 690, roofFront: 640, roofRear: 60, c: 30, roof: -470, deck: -330, bow: 0, quarter: true },
  ev: { rearAxle: 185, frontAxle: 800, wheel: 70, clear: 34, tail: -200, nose: -142, belt: -212, a: 670, roofFront: 560, roofRear: 300, c: 95, roof: -328, deck: -205, bow: 0.75, quarter: true },
  classic: { rearAxle: 190, frontAxle: 780, wheel: 60, clear: 44, tail: -178, nose: -168, belt: -212, a: 632, roofFront: 548, roofRear: 330, c: 200, roof: -348, deck: -206, bow: 0.45, quarter: false },
};

const TYRE = '#141518';
const GLASS_TOP = '#2c3a4a';
const GLASS_BOTTOM = '#0f151c';
const TRIM = '#18191c';

const f = (n: number) => (Math.round(n * 10) / 10).toString();

/** The body's ride height after lowering. */
function shapeOf(look: CarLook): Shape {
  const base = SHAPES[look.style];
  const drop = Math.round(look.drop * (look.style === 'suv' ? 16 : 14));
  return { ...base, clear: base.clear - drop };
}

/** Where the wheel-arch circle (radius r, centred on the axle) meets the sill line. */
function archHalfWidth(s: Shape, r: number): number {
  const centreAboveSill = s.wheel - s.clear;
  return Math.sqrt(Math.max(0, r * r - centreAboveSill * centreAboveSill));
}

/** The body outline: underside with both arches, tail, deck, glass, roof, windshield, hood, nose. */
function outline(s: Shape, style: BodyStyle): string {
  const arch = s.wheel + 9;
  const dx = archHalfWidth(s, arch);
  const y0 = -s.clear;
  const wedge = style === 'wedge';
  const parts = [
    `M ${f(990)} ${f(y0)}`,
    `L ${f(s.frontAxle + dx)} ${f(y0)}`,
    `A ${arch} ${arch} 0 1 0 ${f(s.frontAxle - dx)} ${f(y0)}`,
    `L ${f(s.rearAxle + dx)} ${f(y0)}`,
    `A ${arch} ${arch} 0 1 0 ${f(s.rearAxle - dx)} ${f(y0)}`,
    `L 14 ${f(y0)}`,
    `Q 2 ${f(y0)} 2 ${f(y0 - 22)}`,
    `L 0 ${f(s.tail + 16)}`,
    `Q 0 ${f(s.tail)} 18 ${f(s.tail - 2)}`,
  ];
  if (style === 'roadster') {
    // No roof: the rear deck runs to the cockpit, the windshield is drawn on top.
    parts.push(`L ${f(s.c)} ${f(s.deck)}`, `L ${f(s.a)} ${f(s.belt + 6)}`);
  } else {
    const rise = s.roof - s.deck;
    const run = s.roofRear - s.c;
    parts.push(
      `L ${f(s.c)} ${f(s.deck)}`,
      // The rear glass: bowed outwards for fastbacks, nearly straight for hatches and wedges.
      `C ${f(s.c + run * (0.15 + 0.35 * s.bow))} ${f(s.deck + rise * (0.35 + 0.55 * s.bow))} ${f(s.roofRear - run * 0.25 * s.bow)} ${f(s.roof)} ${f(s.roofRear)} ${f(s.roof)}`,
      `Q ${f((s.roofRear + s.roofFront) / 2)} ${f(s.roof - (wedge ? 2 : 8))} ${f(s.roofFront)} ${f(s.roof)}`,
      `C ${f(s.roofFront + (s.a - s.roofFront) * 0.35)} ${f(s.roof + 4)} ${f(s.a - (s.a - s.roofFront) * (wedge ? 0.1 : 0.2))} ${f(s.belt + 2)} ${f(s.a)} ${f(s.belt + 6)}`,
    );
  }
  parts.push(
    // The hood: a slight crown, down to the nose.
    `Q ${f(s.a + (985 - s.a) * 0.5)} ${f((s.belt + s.nose) / 2 - (wedge ? 2 : 10))} 984 ${f(s.nose)}`,
    `C 998 ${f(s.nose + 6)} 1000 ${f(s.nose + 24)} 1000 ${f(s.nose + 44)}`,
    `L 1000 ${f(y0 - 20)}`,
    `Q 1000 ${f(y0)} 990 ${f(y0)} Z`,
  );
  return parts.join(' ');
}

/** x on the straight line from (x1, y1) to (x2, y2) at height y. */
function xAt(x1: number, y1: number, x2: number, y2: number, y: number): number {
  return x1 + ((x2 - x1) * (y - y1)) / (y2 - y1);
}

/** The side glass, inset from the windshield, roof and rear glass, with its pillars. */
function glass(s: Shape, id: string, look: CarLook): string {
  if (look.style === 'roadster') {
    // Top down and parked: the screen raked forward, the cockpit rim, two headrests and the top
    // of the steering wheel showing over the door.
    const top = s.roof;
    const base = { x: s.a - 6, y: s.belt + 6 };
    const pane = `<path d="M ${f(base.x)} ${f(base.y)} L ${f(s.roofFront)} ${f(top)} L ${f(s.roofFront - 26)} ${f(top + 4)} L ${f(base.x - 44)} ${f(base.y - 2)} Z" fill="url(#${id}-glass)" opacity="0.55"/>`;
    const frame = `<path d="M ${f(base.x)} ${f(base.y)} L ${f(s.roofFront)} ${f(top)} L ${f(s.roofFront - 26)} ${f(top + 4)}" stroke="${TRIM}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`;
    const rim = `<path d="M ${f(s.c + 70)} ${f(s.deck + 2)} Q ${f(s.c + 90)} ${f(s.deck - 10)} ${f(s.c + 130)} ${f(s.deck - 10)} L ${f(base.x - 20)} ${f(s.belt - 2)} L ${f(base.x)} ${f(base.y)} Z" fill="${TRIM}"/>`;
    const headrest = (x: number, shade: number) => `<path d="M ${f(x)} ${f(s.deck - 6)} q -4 -52 22 -56 q 28 2 26 56 Z" fill="${mix(TRIM, '#ffffff', shade)}"/>`;
    const wheelTop = `<path d="M ${f(s.a - 150)} ${f(s.belt - 4)} q 26 -30 56 -6" stroke="${TRIM}" stroke-width="9" stroke-linecap="round" fill="none"/>`;
    return rim + headrest(s.c + 150, 0.12) + headrest(s.c + 240, 0) + wheelTop + pane + frame;
  }
  const top = s.roof + 16;
  const bottom = s.belt - 6;
  const front = (y: number) => xAt(s.a, s.belt + 6, s.roofFront, s.roof, y) - 20;
  const rear = (y: number) => xAt(s.c, s.deck, s.roofRear, s.roof, y) + 22 + (s.bow > 0.6 ? 12 : 0);
  const r0 = rear(bottom);
  const r1 = rear(top);
  const f1 = front(top);
  const f0 = front(bottom);
  const window = `<path d="M ${f(r0)} ${f(bottom)} L ${f(r1 + 8)} ${f(top + 4)} Q ${f(r1 + 12)} ${f(top)} ${f(r1 + 24)} ${f(top)} L ${f(f1 - 10)} ${f(top)} Q ${f(f1)} ${f(top)} ${f(f1 + 4)} ${f(top + 6)} L ${f(f0)} ${f(bottom)} Z" fill="url(#${id}-glass)"/>`;
  const pillarColour = look.style === 'ev' ? TRIM : darken(look.paint, 0.25);
  const b = r1 + (f1 - r1) * (s.quarter ? 0.5 : 0.36);
  const pillars = [`<path d="M ${f(b)} ${f(top - 2)} l -8 ${f(bottom - top + 4)} h 16 l 6 ${f(-(bottom - top + 4))} Z" fill="${pillarColour}"/>`];
  if (s.quarter && look.style !== 'suv') {
    const q = r1 + (f1 - r1) * 0.12;
    pillars.push(`<path d="M ${f(q)} ${f(top - 2)} l -14 ${f(bottom - top + 4)} h 22 l 4 ${f(-(bottom - top + 4))} Z" fill="${pillarColour}"/>`);
  }
  if (look.style === 'suv') {
    const q = r1 + (f1 - r1) * 0.2;
    pillars.push(`<rect x="${f(q)}" y="${f(top - 2)}" width="18" height="${f(bottom - top + 4)}" fill="${pillarColour}"/>`);
  }
  // A sky reflection across the glass.
  const streak = `<path d="M ${f(r1 + 60)} ${f(top)} l 70 0 l -90 ${f(bottom - top)} l -70 0 Z" fill="#ffffff" opacity="0.12"/>`;
  return window + streak + pillars.join('');
}

function wheel(cx: number, r: number, look: CarLook, front: boolean, id: string): string {
  const cy = -r;
  const rim = r * 0.68;
  const parts = [
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${TYRE}"/>`,
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.9)}" fill="none" stroke="#26282d" stroke-width="3"/>`,
    // Brake disc and caliper, seen through the spokes.
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rim * 0.86)}" fill="#5d6066"/>`,
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rim * 0.3)}" fill="#3a3c41"/>`,
  ];
  if (look.caliper) {
    const a0 = front ? -75 : -105;
    const a1 = front ? -25 : -155;
    const p = (deg: number) => [cx + rim * 0.62 * Math.cos((deg * Math.PI) / 180), cy + rim * 0.62 * Math.sin((deg * Math.PI) / 180)];
    const [x0, y0] = p(a0);
    const [x1, y1] = p(a1);
    parts.push(`<path d="M ${f(x0!)} ${f(y0!)} A ${f(rim * 0.62)} ${f(rim * 0.62)} 0 0 ${front ? 1 : 0} ${f(x1!)} ${f(y1!)}" stroke="${look.caliper}" stroke-width="${f(rim * 0.26)}" stroke-linecap="round" fill="none"/>`);
  }
  const rc = look.rimColour;
  const spokes = (count: number, width: number, offset = 0) =>
    Array.from({ length: count }, (_, i) => {
      const angle = (i * 360) / count + offset;
      return `<rect x="${f(cx - width / 2)}" y="${f(cy - rim * 0.97)}" width="${f(width)}" height="${f(rim * 0.97)}" rx="${f(width / 3)}" fill="${rc}" transform="rotate(${f(angle)} ${f(cx)} ${f(cy)})"/>`;
    }).join('');
  switch (look.rim) {
    case 'mesh':
      parts.push(spokes(10, rim * 0.07, 8), spokes(10, rim * 0.07, -8));
      break;
    case 'five':
      parts.push(spokes(5, rim * 0.26, 18));
      break;
    case 'six':
      parts.push(spokes(6, rim * 0.2, 5));
      break;
    case 'dish': {
      // A near-solid face with round windows (the 8-hole wheels of 80s Japanese cars).
      parts.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rim)}" fill="${rc}"/>`);
      for (let i = 0; i < 8; i++) {
        const angle = (i * Math.PI * 2) / 8;
        parts.push(`<circle cx="${f(cx + Math.cos(angle) * rim * 0.6)}" cy="${f(cy + Math.sin(angle) * rim * 0.6)}" r="${f(rim * 0.2)}" fill="#2b2d31"/>`);
      }
      break;
    }
    case 'aero':
      parts.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rim)}" fill="${rc}"/>`);
      for (let i = 0; i < 5; i++) {
        const angle = (i * 360) / 5;
        parts.push(`<path d="M ${f(cx)} ${f(cy - rim * 0.35)} q ${f(rim * 0.5)} ${f(-rim * 0.2)} ${f(rim * 0.45)} ${f(-rim * 0.55)} l ${f(-rim * 0.22)} 0 q ${f(-rim * 0.05)} ${f(rim * 0.3)} ${f(-rim * 0.38)} ${f(rim * 0.45)} Z" fill="${darken(rc, 0.45)}" transform="rotate(${f(angle)} ${f(cx)} ${f(cy)})"/>`);
      }
      break;
    case 'steel':
      parts.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rim)}" fill="${rc}"/>`);
      for (let i = 0; i < 4; i++) {
        const angle = i * 90 + 45;
        parts.push(`<ellipse cx="${f(cx)}" cy="${f(cy - rim * 0.55)}" rx="${f(rim * 0.12)}" ry="${f(rim * 0.2)}" fill="#222428" transform="rotate(${f(angle)} ${f(cx)} ${f(cy)})"/>`);
      }
      break;
  }
  parts.push(
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rim)}" fill="none" stroke="${lighten(rc, 0.25)}" stroke-width="${f(rim * 0.09)}"/>`,
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rim * 0.2)}" fill="${darken(rc, 0.2)}" stroke="${lighten(rc, 0.3)}" stroke-width="2"/>`,
    // Light from above on the tyre and rim.
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="url(#${id}-wheel-light)"/>`,
  );
  return parts.join('');
}

/** Paint on the body: stripes, numbers, two-tones, primer patches. Clipped to the body. */
function livery(s: Shape, look: CarLook): string {
  const mid = (s.belt - s.clear) / 2;
  const doorX = (s.rearAxle + s.frontAxle) / 2 + 20;
  switch (look.livery) {
    case 'stripes':
      return `<rect x="-10" y="${f(mid - 34)}" width="1020" height="14" fill="${look.accent}"/><rect x="-10" y="${f(mid - 12)}" width="1020" height="7" fill="${look.accent}"/>`;
    case 'twoTone':
      return `<path d="M -10 ${f(mid + 6)} L 1010 ${f(mid - 18)} L 1010 10 L -10 10 Z" fill="${look.accent}"/><path d="M -10 ${f(mid + 6)} L 1010 ${f(mid - 18)}" stroke="#ffffff" stroke-width="6" opacity="0.85"/>`;
    case 'panda':
      return `<rect x="-10" y="${f(mid - 4)}" width="1020" height="200" fill="#141416"/>`;
    case 'number': {
      const ink = luminance(look.accent) > 0.6 ? '#111111' : '#ffffff';
      const disc = luminance(look.accent) > 0.6 ? look.accent : '#f4f4f2';
      return `<rect x="-10" y="${f(s.belt + 26)}" width="1020" height="10" fill="${look.accent}"/>
        <circle cx="${f(doorX)}" cy="${f(mid - 10)}" r="52" fill="${disc}" stroke="${look.accent}" stroke-width="6"/>
        ${digitsPath(String(look.number), doorX, mid - 10, 56, disc === '#f4f4f2' ? '#111111' : ink)}`;
    }
    case 'decals':
      return `<rect x="${f(doorX - 120)}" y="${f(mid - 6)}" width="90" height="22" rx="4" fill="${look.accent}"/>
        <rect x="${f(doorX - 20)}" y="${f(mid - 6)}" width="120" height="22" rx="4" fill="#f4f4f2"/>
        <rect x="${f(doorX - 120)}" y="${f(mid + 24)}" width="220" height="10" rx="3" fill="${darken(look.accent, 0.3)}"/>
        <path d="M 60 ${f(s.tail + 30)} L 980 ${f(s.nose + 60)}" stroke="${look.accent}" stroke-width="8" opacity="0.9"/>`;
    case 'primer':
      // A restoration in progress: a door in grey primer, body filler on the rear quarter.
      return `<rect x="${f(doorX - 150)}" y="${f(s.roof)}" width="260" height="400" fill="#8f9298"/>
        <ellipse cx="${f(s.rearAxle + 40)}" cy="${f(mid - 20)}" rx="70" ry="38" fill="#c2b294"/>
        <rect x="${f(s.a + 40)}" y="${f(s.nose - 60)}" width="${f(900 - s.a)}" height="60" fill="${mix(look.paint, '#ffffff', 0.12)}" opacity="0.6"/>`;
    default:
      return '';
  }
}

function lights(s: Shape, look: CarLook): string {
  const parts: string[] = [];
  const y = s.nose + 34;
  switch (look.headlights) {
    case 'popup':
      parts.push(`<path d="M 900 ${f(s.nose - 12)} l 58 0 l 4 8 l -64 2 Z" fill="${darken(look.paint, 0.35)}"/>`);
      parts.push(`<rect x="988" y="${f(y - 4)}" width="12" height="16" rx="3" fill="#ffb347"/>`);
      break;
    case 'round':
      parts.push(`<ellipse cx="990" cy="${f(y)}" rx="12" ry="24" fill="#fdf6d8" stroke="#c9ccd1" stroke-width="4"/>`);
      break;
    case 'slim':
      parts.push(`<path d="M 930 ${f(y - 14)} L 998 ${f(y - 8)} L 996 ${f(y + 2)} L 940 ${f(y - 4)} Z" fill="#f4f7fb"/>`);
      break;
    case 'bar':
      parts.push(`<rect x="940" y="${f(y - 8)}" width="60" height="6" rx="3" fill="#eaf6ff"/>`);
      break;
  }
  // Tail lights; a light bar across the back on EVs.
  parts.push(look.headlights === 'bar'
    ? `<rect x="0" y="${f(s.tail + 22)}" width="60" height="7" rx="3" fill="#ff2d3c"/>`
    : `<rect x="0" y="${f(s.tail + 18)}" width="16" height="30" rx="4" fill="#c8102e"/>`);
  return parts.join('');
}

function extras(s: Shape, look: CarLook): string {
  const parts: string[] = [];
  const y0 = -s.clear;
  // Bumper lips, the side skirt, an exhaust, a mirror and the door shuts.
  parts.push(`<path d="M 930 ${f(y0 - 4)} L 1006 ${f(y0 - 6)} L 1004 ${f(y0 + 4)} L 930 ${f(y0 + 2)} Z" fill="${TRIM}"/>`);
  parts.push(`<rect x="${f(s.rearAxle + 90)}" y="${f(y0 - 10)}" width="${f(s.frontAxle - s.rearAxle - 180)}" height="12" rx="4" fill="${darken(look.paint, 0.5)}"/>`);
  parts.push(`<ellipse cx="6" cy="${f(y0 - 8)}" rx="12" ry="9" fill="#2b2c30" stroke="#b8bcc2" stroke-width="3"/>`);
  if (look.style !== 'roadster') {
    parts.push(`<path d="M ${f(s.a - 30)} ${f(s.belt + 4)} q 10 -30 38 -30 l 6 0 l -4 30 Z" fill="${darken(look.paint, 0.15)}"/>`);
  }
  const doorFront = s.a - 28;
  const doorRear = s.rearAxle + (s.frontAxle - s.rearAxle) * (s.quarter ? 0.45 : 0.3);
  parts.push(`<path d="M ${f(doorFront)} ${f(s.belt + 4)} L ${f(doorFront + 8)} ${f(y0 - 12)} M ${f(doorRear)} ${f(s.belt + 4)} L ${f(doorRear - 4)} ${f(y0 - 12)}" stroke="${darken(look.paint, 0.45)}" stroke-width="2.5" opacity="0.8"/>`);
  parts.push(`<rect x="${f(doorRear + 24)}" y="${f(s.belt + 22)}" width="34" height="8" rx="4" fill="${darken(look.paint, 0.4)}"/>`);
  if (look.style === 'classic') {
    parts.push(`<rect x="968" y="${f(y0 - 40)}" width="40" height="12" rx="6" fill="#d5d8dc"/><rect x="-8" y="${f(y0 - 40)}" width="40" height="12" rx="6" fill="#d5d8dc"/>`);
  }
  if (look.wing === 'gt') {
    const top = s.deck - 70;
    parts.push(`<path d="M 70 ${f(s.deck + 4)} L 84 ${f(top)} M 150 ${f(s.deck + 2)} L 156 ${f(top)}" stroke="${TRIM}" stroke-width="9"/>`);
    parts.push(`<path d="M 6 ${f(top + 6)} Q 100 ${f(top - 18)} 214 ${f(top - 4)} L 214 ${f(top + 8)} Q 100 ${f(top + 2)} 6 ${f(top + 14)} Z" fill="${TRIM}"/>`);
  } else if (look.wing === 'ducktail') {
    parts.push(`<path d="M 4 ${f(s.tail + 2)} Q 30 ${f(s.tail - 26)} 110 ${f(s.tail - 8)} L 120 ${f(s.tail)} Z" fill="${look.paint}"/>`);
  }
  if (look.rally) {
    const flap = (x: number) => `<rect x="${f(x)}" y="${f(y0 - 10)}" width="12" height="${f(s.clear + 6)}" rx="2" fill="${TRIM}"/>`;
    parts.push(flap(s.rearAxle - s.wheel - 18), flap(s.frontAxle - s.wheel - 20));
    parts.push(`<rect x="${f(s.roofRear + 60)}" y="${f(s.roof - 12)}" width="60" height="14" rx="4" fill="${darken(look.paint, 0.3)}"/>`);
    const pod = s.a + 60;
    parts.push(`<rect x="${f(pod)}" y="${f(s.belt - 18)}" width="150" height="26" rx="8" fill="${TRIM}"/>`);
    for (let i = 0; i < 4; i++) parts.push(`<circle cx="${f(pod + 22 + i * 36)}" cy="${f(s.belt - 5)}" r="10" fill="#fff4c4"/>`);
  }
  return parts.join('');
}

/**
 * The car as an SVG fragment (its gradients included, ids prefixed with `id`), 1000 × ~400
 * units with the wheels on y = 0. `shadow` adds its contact shadow on the ground.
 */
export function carSvg(look: CarLook, id: string, options: { shadow?: boolean; light?: string } = {}): string {
  const s = shapeOf(look);
  const light = options.light ?? '#ffffff';
  const body = outline(s, look.style);
  const arch = s.wheel + 9;
  const dx = archHalfWidth(s, arch);
  const well = (x: number) => `<path d="M ${f(x - dx)} ${f(-s.clear)} A ${arch} ${arch} 0 1 1 ${f(x + dx)} ${f(-s.clear)} Z" fill="#08090a"/>`;
  const flare = (x: number) => `<path d="M ${f(x - arch - 4)} ${f(-s.wheel + 4)} A ${arch + 6} ${arch + 6} 0 0 1 ${f(x + arch + 4)} ${f(-s.wheel + 4)}" fill="none" stroke="${darken(look.paint, 0.3)}" stroke-width="5" opacity="0.7"/>`;
  const defs = `<defs>
    <linearGradient id="${id}-paint" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${mix(lighten(look.paint, 0.38), light, 0.15)}"/>
      <stop offset="0.32" stop-color="${look.paint}"/>
      <stop offset="0.7" stop-color="${darken(look.paint, 0.12)}"/>
      <stop offset="1" stop-color="${darken(look.paint, 0.5)}"/>
    </linearGradient>
    <linearGradient id="${id}-glass" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${mix(GLASS_TOP, light, 0.2)}"/><stop offset="1" stop-color="${GLASS_BOTTOM}"/>
    </linearGradient>
    <radialGradient id="${id}-wheel-light" cx="0.45" cy="0.3" r="0.7">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.18"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="${id}-shade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.45"/>
    </linearGradient>
    <clipPath id="${id}-body"><path d="${body}"/></clipPath>
    <radialGradient id="${id}-shadow"><stop offset="0" stop-color="#000000" stop-opacity="0.7"/><stop offset="0.7" stop-color="#000000" stop-opacity="0.45"/><stop offset="1" stop-color="#000000" stop-opacity="0"/></radialGradient>
  </defs>`;
  // A soft contact shadow: a radial gradient, not a blur filter (blurs cost seconds per picture).
  const shadow = options.shadow === false ? '' : `<ellipse cx="500" cy="2" rx="560" ry="30" fill="url(#${id}-shadow)"/>`;
  const highlight = `<path d="M 40 ${f(s.tail + 20)} Q 500 ${f(s.belt + 14)} ${f(960)} ${f(s.nose + 18)}" stroke="#ffffff" stroke-width="5" fill="none" opacity="0.28"/>`;
  return `${defs}${shadow}
    ${well(s.rearAxle)}${well(s.frontAxle)}
    <path d="${body}" fill="url(#${id}-paint)"/>
    <g clip-path="url(#${id}-body)">
      ${livery(s, look)}
      ${highlight}
      <rect x="-10" y="${f(-s.clear - 70)}" width="1020" height="80" fill="url(#${id}-shade)"/>
    </g>
    ${flare(s.rearAxle)}${flare(s.frontAxle)}
    ${glass(s, id, look)}
    ${extras(s, look)}
    ${lights(s, look)}
    ${wheel(s.rearAxle, s.wheel, look, false, id)}${wheel(s.frontAxle, s.wheel, look, true, id)}`;
}

/** The car's height in units (roof or wing to the ground), for scenes to frame it. */
export function carHeight(look: CarLook): number {
  const s = shapeOf(look);
  return -Math.min(s.roof, look.wing === 'gt' ? s.deck - 90 : 0);
}

/** Wheel centres, for scenes that draw motion on them. */
export function wheelCentres(look: CarLook): { rear: number; front: number; radius: number } {
  const s = shapeOf(look);
  return { rear: s.rearAxle, front: s.frontAxle, radius: s.wheel };
}

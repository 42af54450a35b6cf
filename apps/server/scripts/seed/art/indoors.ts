// Built-up backdrops: a home garage or workshop, a neon-lit night meet, an EV charging bay.
import { darken, lighten, mix } from './colour.ts';
import type { Layers, Stage } from './outdoors.ts';
import { f, glowStroke, reflection, sky, softFill } from './parts.ts';

const WALLS = ['#d4d6d9', '#e6e1d8', '#2b2e33', '#3b4a5a', '#cfc6b8'];

/** A garage: block wall, roller door, pegboard of tools, tool chest, tyres, strip lights, epoxy floor. */
export function garageScene(s: Stage): Layers {
  const { width: w, height: h, random } = s;
  const ground = s.placement.ground;
  const floor = ground - h * 0.12;
  const wall = random.pick(WALLS);
  const dark = darken(wall, 0.2);
  const parts = [
    `<defs>
      <pattern id="${s.id}-blocks" width="${f(w * 0.08)}" height="${f(w * 0.04)}" patternUnits="userSpaceOnUse">
        <rect width="${f(w * 0.08)}" height="${f(w * 0.04)}" fill="${wall}"/>
        <path d="M 0 0.5 H ${f(w * 0.08)} M 0.5 0 V ${f(w * 0.02)} M ${f(w * 0.04)} ${f(w * 0.02)} V ${f(w * 0.04)} M 0 ${f(w * 0.02)} H ${f(w * 0.08)}" stroke="${dark}" stroke-width="1.5"/>
      </pattern>
      <linearGradient id="${s.id}-floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6c7076"/><stop offset="1" stop-color="#3a3d42"/></linearGradient>
      <radialGradient id="${s.id}-pool" cx="0.5" cy="0" r="0.8"><stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
    </defs>`,
    `<rect width="${w}" height="${f(floor)}" fill="url(#${s.id}-blocks)"/>`,
    `<rect width="${w}" height="${f(floor)}" fill="url(#${s.id}-pool)"/>`,
  ];
  // Roller door on one side, pegboard and tool chest on the other.
  const doorLeft = random.chance(0.5);
  const dw = w * 0.34;
  const dx = doorLeft ? w * 0.03 : w - dw - w * 0.03;
  parts.push(`<rect x="${f(dx - 8)}" y="${f(floor - h * 0.5)}" width="${f(dw + 16)}" height="${f(h * 0.5)}" fill="${darken(wall, 0.35)}"/>`);
  for (let y = floor - h * 0.49; y < floor; y += h * 0.022) {
    parts.push(`<rect x="${f(dx)}" y="${f(y)}" width="${f(dw)}" height="${f(h * 0.018)}" fill="#b9bdc2"/>`);
  }
  const px = doorLeft ? w * 0.52 : w * 0.1;
  const pw = w * 0.3;
  const py = floor - h * 0.52;
  parts.push(`<rect x="${f(px)}" y="${f(py)}" width="${f(pw)}" height="${f(h * 0.2)}" rx="4" fill="#b08a5c"/>`);
  const tools: string[] = [];
  for (let i = 0; i < 9; i++) {
    const tx = px + pw * (0.06 + i * 0.105);
    const len = h * random.between(0.08, 0.14);
    tools.push(`<rect x="${f(tx)}" y="${f(py + h * 0.03)}" width="${f(w * 0.01)}" height="${f(len)}" rx="3" fill="#3a3d42"/>`);
    tools.push(`<circle cx="${f(tx + w * 0.005)}" cy="${f(py + h * 0.03)}" r="${f(w * 0.01)}" fill="none" stroke="#3a3d42" stroke-width="${f(w * 0.004)}"/>`);
  }
  parts.push(tools.join(''));
  const chest = random.pick(['#b3202a', '#1f4e8c', '#1d1f22', '#2e6b3f']);
  const tx = doorLeft ? w * 0.72 : w * 0.45;
  parts.push(`<rect x="${f(tx)}" y="${f(floor - h * 0.22)}" width="${f(w * 0.16)}" height="${f(h * 0.22)}" rx="4" fill="${chest}"/>`);
  for (let i = 0; i < 5; i++) {
    const y = floor - h * 0.2 + i * h * 0.04;
    parts.push(`<rect x="${f(tx + w * 0.01)}" y="${f(y)}" width="${f(w * 0.14)}" height="${f(h * 0.032)}" rx="2" fill="${lighten(chest, 0.12)}"/><rect x="${f(tx + w * 0.05)}" y="${f(y + h * 0.012)}" width="${f(w * 0.06)}" height="${f(h * 0.006)}" fill="#d5d8dc"/>`);
  }
  // A stack of tyres by the wall.
  const sx = doorLeft ? w * 0.92 : w * 0.02;
  for (let i = 0; i < 4; i++) {
    parts.push(`<rect x="${f(sx)}" y="${f(floor - (i + 1) * h * 0.045)}" width="${f(w * 0.07)}" height="${f(h * 0.042)}" rx="${f(h * 0.012)}" fill="#1b1c1f" stroke="#2d2f33" stroke-width="2"/>`);
  }
  // Strip lights with their glow.
  for (let i = 0; i < 3; i++) {
    const lx = w * (0.12 + i * 0.3);
    parts.push(glowStroke(`<path d="M ${f(lx)} ${f(h * 0.045)} h ${f(w * 0.16)}"/>`, '#f8fbff', h * 0.01));
  }
  parts.push(`<rect y="${f(floor)}" width="${w}" height="${f(h - floor)}" fill="url(#${s.id}-floor)"/>`);
  parts.push(`<rect y="${f(floor)}" width="${w}" height="${f(h * 0.01)}" fill="${darken(wall, 0.45)}"/>`);
  parts.push(reflection(s.car, `${s.id}-refl`, s.placement, 0.22, '#4a4d52'));
  // Yellow-and-black edge of the working bay.
  const front: string[] = [];
  const band = ground + h * 0.08;
  for (let x = -w * 0.05; x < w; x += w * 0.05) {
    front.push(`<path d="M ${f(x)} ${f(band)} h ${f(w * 0.025)} l ${f(w * 0.02)} ${f(h * 0.025)} h ${f(-w * 0.025)} Z" fill="#f5c400"/>`);
  }
  return { back: parts.join(''), front: front.join('') };
}

/** A night meet: lit skyline, neon, street lamps and wet tarmac that mirrors the car. */
export function nightScene(s: Stage): Layers {
  const { width: w, height: h, random } = s;
  const ground = s.placement.ground;
  const horizon = ground - h * 0.2;
  const neon = random.sample(['#ff3da5', '#27e1ff', '#b26bff', '#ff8a2a', '#3dff9e'], 2);
  const parts = [
    sky(s.id, 'night', w, horizon + 4),
    `<defs><radialGradient id="${s.id}-lamp"><stop offset="0" stop-color="#ffd89a" stop-opacity="0.75"/><stop offset="1" stop-color="#ffd89a" stop-opacity="0"/></radialGradient></defs>`,
  ];
  // Buildings with lit windows; the further row darker and bluer.
  for (const row of [0, 1]) {
    for (let x = random.between(-40, 0); x < w; ) {
      const bw = w * random.between(0.06, 0.13);
      const bh = h * random.between(0.15, 0.42) * (row === 0 ? 1.2 : 0.85);
      const top = horizon - bh;
      const body = row === 0 ? '#161a33' : '#0f1226';
      parts.push(`<rect x="${f(x)}" y="${f(top)}" width="${f(bw - 3)}" height="${f(bh + 4)}" fill="${body}"/>`);
      const lit = random.between(0.15, 0.45);
      for (let wy = top + h * 0.02; wy < horizon - h * 0.02; wy += h * 0.03) {
        for (let wx = x + bw * 0.12; wx < x + bw - bw * 0.2; wx += bw * 0.2) {
          if (random.chance(lit)) parts.push(`<rect x="${f(wx)}" y="${f(wy)}" width="${f(bw * 0.1)}" height="${f(h * 0.014)}" fill="${random.pick(['#ffd27a', '#fff1c9', '#9fd4ff'])}" opacity="${row === 0 ? 0.55 : 0.9}"/>`);
        }
      }
      x += bw;
    }
  }
  // Neon signs, each a glow plus a crisp tube.
  for (let i = 0; i < 2; i++) {
    const nx = w * random.between(0.05, 0.75);
    const ny = horizon - h * random.between(0.12, 0.28);
    const nw = w * random.between(0.1, 0.2);
    parts.push(glowStroke(`<rect x="${f(nx)}" y="${f(ny)}" width="${f(nw)}" height="${f(h * 0.06)}" rx="${f(h * 0.03)}"/>`, neon[i]!, h * 0.008));
    parts.push(`<rect x="${f(nx + nw * 0.15)}" y="${f(ny + h * 0.024)}" width="${f(nw * 0.7)}" height="${f(h * 0.012)}" rx="3" fill="${lighten(neon[i]!, 0.5)}"/>`);
  }
  parts.push(`<rect y="${f(horizon)}" width="${w}" height="${f(h)}" fill="#101219"/>`);
  // Street lamps and their pools of light.
  for (let i = 0; i < 2; i++) {
    const lx = w * (0.15 + i * 0.6) + random.between(-w * 0.05, w * 0.05);
    parts.push(`<rect x="${f(lx)}" y="${f(horizon - h * 0.38)}" width="${f(w * 0.008)}" height="${f(h * 0.38)}" fill="#2a2e3a"/>`);
    parts.push(`<circle cx="${f(lx + w * 0.004)}" cy="${f(horizon - h * 0.38)}" r="${f(h * 0.16)}" fill="url(#${s.id}-lamp)"/><circle cx="${f(lx + w * 0.004)}" cy="${f(horizon - h * 0.38)}" r="${f(h * 0.012)}" fill="#fff3d6"/>`);
    parts.push(`<ellipse cx="${f(lx)}" cy="${f(ground + h * 0.04)}" rx="${f(w * 0.14)}" ry="${f(h * 0.04)}" fill="url(#${s.id}-lamp)" opacity="0.6"/>`);
  }
  // Neon streaks in the wet tarmac.
  neon.forEach((colour, i) => {
    parts.push(`<defs>${softFill(`${s.id}-streak${i}`, colour, 0.45)}</defs><ellipse cx="${f(w * random.between(0.05, 0.9))}" cy="${f(horizon + h * 0.14)}" rx="${f(w * 0.03)}" ry="${f(h * 0.14)}" fill="url(#${s.id}-streak${i})"/>`);
  });
  parts.push(reflection(s.car, `${s.id}-refl`, s.placement, 0.35, '#101219'));
  // Headlight beams forward of the car.
  const nose = s.placement.facing === 'right' ? s.placement.x + s.placement.length : s.placement.x;
  const dir = s.placement.facing === 'right' ? 1 : -1;
  const beamY = ground - s.placement.length * 0.12;
  parts.push(`<defs><linearGradient id="${s.id}-beam" x1="${dir > 0 ? 0 : 1}" y1="0" x2="${dir > 0 ? 1 : 0}" y2="0"><stop offset="0" stop-color="#fff6d8" stop-opacity="0.55"/><stop offset="1" stop-color="#fff6d8" stop-opacity="0"/></linearGradient></defs>`);
  const front = [`<path d="M ${f(nose)} ${f(beamY - 6)} L ${f(nose + dir * w * 0.45)} ${f(beamY - h * 0.08)} L ${f(nose + dir * w * 0.45)} ${f(beamY + h * 0.1)} L ${f(nose)} ${f(beamY + 6)} Z" fill="url(#${s.id}-beam)"/>`];
  return { back: parts.join(''), front: front.join('') };
}

/** An EV charging bay: canopy with LED strip, charger post, cable to the car, green bay. */
export function chargingScene(s: Stage): Layers {
  const { width: w, height: h, random } = s;
  const ground = s.placement.ground;
  const horizon = ground - h * 0.16;
  const glow = random.pick(['#3dff9e', '#27e1ff', '#7cf03d']);
  const parts = [sky(s.id, s.time, w, horizon + 4)];
  // A glass building behind, then the canopy across the top.
  parts.push(`<rect x="${f(w * 0.05)}" y="${f(horizon - h * 0.4)}" width="${f(w * 0.9)}" height="${f(h * 0.4)}" fill="${mix('#9fb3c4', '#ffffff', 0.15)}"/>`);
  for (let x = w * 0.05; x < w * 0.95; x += w * 0.06) parts.push(`<rect x="${f(x)}" y="${f(horizon - h * 0.4)}" width="3" height="${f(h * 0.4)}" fill="#6e7f8e"/>`);
  for (let y = horizon - h * 0.4; y < horizon; y += h * 0.08) parts.push(`<rect x="${f(w * 0.05)}" y="${f(y)}" width="${f(w * 0.9)}" height="2" fill="#6e7f8e"/>`);
  parts.push(`<rect y="${f(h * 0.04)}" width="${w}" height="${f(h * 0.07)}" fill="#e9ecef"/><rect y="${f(h * 0.11)}" width="${w}" height="${f(h * 0.008)}" fill="${glow}"/>`);
  parts.push(`<rect x="${f(w * 0.03)}" y="${f(h * 0.11)}" width="${f(w * 0.025)}" height="${f(horizon - h * 0.11)}" fill="#cfd4d9"/><rect x="${f(w * 0.945)}" y="${f(h * 0.11)}" width="${f(w * 0.025)}" height="${f(horizon - h * 0.11)}" fill="#cfd4d9"/>`);
  parts.push(`<rect y="${f(horizon)}" width="${w}" height="${f(h)}" fill="#8c9197"/>`);
  parts.push(`<path d="M ${f(w * 0.1)} ${f(horizon + h * 0.02)} L ${f(w * 0.9)} ${f(horizon + h * 0.02)} L ${f(w)} ${f(h)} L 0 ${f(h)} Z" fill="${mix(glow, '#2a6b4f', 0.6)}" opacity="0.55"/>`);
  // The charger, behind the car's rear quarter, and its cable.
  const behind = s.placement.facing === 'right' ? s.placement.x + s.placement.length * 0.05 : s.placement.x + s.placement.length * 0.95;
  const cx = behind - w * 0.03;
  const top = horizon - h * 0.3;
  parts.push(`<rect x="${f(cx)}" y="${f(top)}" width="${f(w * 0.06)}" height="${f(ground - top)}" rx="${f(w * 0.012)}" fill="#f6f7f8" stroke="#b9bfc5" stroke-width="2"/>`);
  parts.push(`<rect x="${f(cx + w * 0.01)}" y="${f(top + h * 0.03)}" width="${f(w * 0.04)}" height="${f(h * 0.06)}" rx="4" fill="#14181d"/><circle cx="${f(cx + w * 0.03)}" cy="${f(top + h * 0.06)}" r="${f(h * 0.018)}" fill="none" stroke="${glow}" stroke-width="3"/>`);
  parts.push(`<rect x="${f(cx + w * 0.012)}" y="${f(top + h * 0.12)}" width="${f(w * 0.036)}" height="${f(h * 0.006)}" fill="${glow}"/>`);
  const port = s.placement.facing === 'right' ? s.placement.x + s.placement.length * 0.12 : s.placement.x + s.placement.length * 0.88;
  const portY = ground - s.placement.length * 0.2;
  const front = [`<path d="M ${f(cx + w * 0.03)} ${f(top + h * 0.16)} C ${f(cx + w * 0.03)} ${f(ground + h * 0.02)} ${f(port)} ${f(ground + h * 0.03)} ${f(port)} ${f(portY)}" stroke="#1c1f24" stroke-width="${f(h * 0.01)}" fill="none" stroke-linecap="round"/>`];
  front.push(`<rect x="${f(port - w * 0.012)}" y="${f(portY - h * 0.012)}" width="${f(w * 0.024)}" height="${f(h * 0.03)}" rx="4" fill="#2a2e33"/>`);
  return { back: parts.join(''), front: front.join('') };
}

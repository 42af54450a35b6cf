// Colour arithmetic for the drawings: mixing paint with black, white or the light of a scene.

function channels(hex: string): [number, number, number] {
  const value = hex.replace('#', '');
  const full = value.length === 3 ? [...value].map((c) => c + c).join('') : value;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex([r, g, b]: readonly number[]): string {
  return `#${[r, g, b].map((c) => Math.round(Math.min(255, Math.max(0, c!))).toString(16).padStart(2, '0')).join('')}`;
}

/** `a` moved towards `b` by `amount` (0: a, 1: b). */
export function mix(a: string, b: string, amount: number): string {
  const x = channels(a);
  const y = channels(b);
  return toHex(x.map((c, i) => c + (y[i]! - c) * amount));
}

export const lighten = (hex: string, amount: number) => mix(hex, '#ffffff', amount);
export const darken = (hex: string, amount: number) => mix(hex, '#000000', amount);

/** Perceived brightness, 0–1: decides whether a decal on this paint is dark or light. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

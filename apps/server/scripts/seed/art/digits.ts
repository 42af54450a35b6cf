// Race numbers and gauge figures drawn as strokes, so they look the same on a machine without
// fonts (librsvg would otherwise fall back to nothing).

// Each digit on a 10 × 16 grid, for a round-capped stroke.
const DIGITS: Record<string, string> = {
  '0': 'M3 0 H7 Q10 0 10 4 V12 Q10 16 7 16 H3 Q0 16 0 12 V4 Q0 0 3 0 Z',
  '1': 'M2 4 L6 0 V16',
  '2': 'M0 4 Q0 0 5 0 Q10 0 10 4 Q10 8 0 16 H10',
  '3': 'M0 2 Q2 0 5 0 Q10 0 10 4 Q10 8 4 8 Q10 8 10 12 Q10 16 5 16 Q2 16 0 14',
  '4': 'M7 16 V0 L0 11 H10',
  '5': 'M10 0 H1 L0 7 Q2 6 5 6 Q10 6 10 11 Q10 16 5 16 Q2 16 0 14',
  '6': 'M9 1 Q7 0 5 0 Q0 0 0 8 V11 Q0 16 5 16 Q10 16 10 11 Q10 6 5 6 Q0 6 0 10',
  '7': 'M0 0 H10 L4 16',
  '8': 'M5 8 Q0 8 0 4 Q0 0 5 0 Q10 0 10 4 Q10 8 5 8 Q0 8 0 12 Q0 16 5 16 Q10 16 10 12 Q10 8 5 8 Z',
  '9': 'M10 6 Q10 10 5 10 Q0 10 0 5 Q0 0 5 0 Q10 0 10 6 V8 Q10 16 5 16 Q3 16 1 15',
};

/** `text` (digits only) centred on (cx, cy), `height` tall, as one stroked path. */
export function digitsPath(text: string, cx: number, cy: number, height: number, colour: string): string {
  const scale = height / 16;
  const advance = 14;
  const width = text.length * advance - 4;
  const paths = [...text]
    .filter((char) => char in DIGITS)
    .map((char, i) => `<path d="${DIGITS[char]}" transform="translate(${i * advance} 0)"/>`)
    .join('');
  return `<g transform="translate(${(cx - (width * scale) / 2).toFixed(1)} ${(cy - height / 2).toFixed(1)}) scale(${scale.toFixed(3)})" fill="none" stroke="${colour}" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round">${paths}</g>`;
}

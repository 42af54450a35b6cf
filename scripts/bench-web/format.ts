// Formatting: sizes, medians, pass marks and the plain-text tables the report prints.
import os from 'node:os';

const KB = 1024;
export const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
/** Median of the finite values (a run that could not compute a figure gives NaN), NaN if none. */
export const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
export const mark = (met: boolean, value = 0) => (Number.isNaN(value) ? 'n/a' : met ? 'met' : 'MISSED');
export const num = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
export const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');
export const loadAverage = () => `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs`;

export function table(head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  // First column left-aligned (names), the rest right-aligned (figures).
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

export function section(title: string): void {
  console.log(`\n## ${title}\n`);
}
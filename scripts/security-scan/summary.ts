// The scan's summary: what was scanned, how long it took, and every finding, as Markdown (printed
// and written to summary.md in the output folder), for SECURITY.md's "Scanners" section.
import { readFileSync } from 'node:fs';
import type { SqlmapResult } from './sqlmap.ts';
import type { TargetList } from './targets.ts';
import type { WapitiResult } from './wapiti.ts';

export interface ServerError {
  message: string;
  url: string;
}

/** The server's own 5xx: pino lines at level error or above (LOG_LEVEL=warn keeps them). */
export function serverErrors(logFile: string): ServerError[] {
  const errors: ServerError[] = [];
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string }; req?: { method?: string; url?: string }; url?: string };
      if ((entry.level ?? 0) >= 50) errors.push({ message: entry.err?.message ?? entry.msg ?? '', url: entry.req ? `${entry.req.method} ${entry.req.url}` : (entry.url ?? '') });
    } catch {
      // the dev outbox's mail lines
    }
  }
  return errors;
}

const minutes = (seconds: number) => `${(seconds / 60).toFixed(1)} min`;

export interface SummaryInput {
  database: string;
  settings: { level: number; risk: number; jobs: number };
  targetList: TargetList;
  sqlmap: SqlmapResult[] | null;
  wapiti: WapitiResult | null;
  errors: ServerError[];
  totalSeconds: number;
  outDir: string;
}

export function summarise(input: SummaryInput): { markdown: string; clean: boolean } {
  const { sqlmap, wapiti, errors, targetList } = input;
  const lines: string[] = [`# Security scan on ${input.database}`, ''];
  lines.push(`Total ${minutes(input.totalSeconds)} (seed, server, scanners). Output: ${input.outDir}`, '');
  let clean = errors.length === 0;

  if (sqlmap) {
    const points = sqlmap.reduce((sum, r) => sum + r.target.points.length, 0);
    const seconds = sqlmap.reduce((sum, r) => sum + r.seconds, 0);
    const injectable = sqlmap.filter((r) => r.injectable.length > 0);
    const untested = sqlmap.filter((r) => r.untested);
    const serverErrorsSeen = sqlmap.filter((r) => /\b5\d\d \(/.test(r.httpCodes));
    if (injectable.length > 0 || serverErrorsSeen.length > 0 || untested.length > 0) clean = false;
    lines.push(`## sqlmap (level ${input.settings.level}, risk ${input.settings.risk}, --dbms=PostgreSQL, ${input.settings.jobs} at a time)`, '');
    lines.push(`${sqlmap.length} targets, ${points} injection points, ${minutes(seconds)} of sqlmap time. Routes without parameters (not scanned): ${targetList.withoutParameters.join(', ') || 'none'}.`, '');
    lines.push(`Injectable: ${injectable.length === 0 ? 'none' : injectable.map((r) => `${r.target.label} (${r.injectable.join('; ')})`).join(', ')}.`);
    lines.push(`Answered 5xx to sqlmap: ${serverErrorsSeen.length === 0 ? 'never' : serverErrorsSeen.map((r) => `${r.target.label} (${r.httpCodes})`).join(', ')}.`);
    if (untested.length > 0) lines.push(`Not tested (sqlmap stopped early, see its log): ${untested.map((r) => `${r.target.label}: ${r.critical.join(' ') || r.logFile}`).join('; ')}.`);
    const fallbacks = targetList.targets.filter((t) => t.fallbacks.length > 0);
    if (fallbacks.length > 0) lines.push(`Values derived from the schema (no chosen value in targets.ts): ${fallbacks.map((t) => `${t.label}: ${t.fallbacks.join(', ')}`).join('; ')}.`);
    lines.push('', '| target | as | points | result | HTTP codes sqlmap saw | s |', '|---|---|---|---|---|---|');
    for (const r of sqlmap) {
      const result = r.injectable.length > 0 ? `**injectable**: ${r.injectable.join('; ')}` : r.untested ? `**not tested**: ${r.critical[0] ?? 'see its log'}` : 'not injectable';
      lines.push(`| ${r.target.label} | ${r.target.role} | ${r.target.points.join(', ')} | ${result} | ${r.httpCodes || '-'} | ${r.seconds.toFixed(0)} |`);
    }
    lines.push('');
  }

  if (wapiti) {
    const vulnerabilities = wapiti.findings.filter((f) => f.kind === 'vulnerability' && !f.explained);
    if (vulnerabilities.length > 0 || wapiti.exitCode !== 0) clean = false;
    lines.push(`## wapiti (${wapiti.startUrls} start URLs, ${minutes(wapiti.seconds)}, exit ${wapiti.exitCode})`, '');
    if (wapiti.findings.length === 0) lines.push('No findings.');
    const byCategory = new Map<string, typeof wapiti.findings>();
    for (const finding of wapiti.findings) byCategory.set(`${finding.kind}: ${finding.category}`, [...(byCategory.get(`${finding.kind}: ${finding.category}`) ?? []), finding]);
    for (const [category, findings] of byCategory) {
      lines.push(`- ${category} (${findings.length})`);
      for (const f of findings.slice(0, 12)) {
        const why = f.explained ? ` (explained: ${f.explained})` : '';
        lines.push(`  - ${f.method} ${f.path}${f.parameter ? ` [${f.parameter}]` : ''}: ${f.info.replace(/\s+/g, ' ').slice(0, 200)}${why}`);
      }
      if (findings.length > 12) lines.push(`  - … ${findings.length - 12} more in ${wapiti.reportFile}`);
    }
    lines.push('');
  }

  lines.push(`## Server errors (5xx logged by the server): ${errors.length}`, '');
  const distinct = new Map<string, number>();
  for (const e of errors) distinct.set(`${e.url.split('?')[0]}: ${e.message}`, (distinct.get(`${e.url.split('?')[0]}: ${e.message}`) ?? 0) + 1);
  for (const [what, count] of [...distinct].slice(0, 30)) lines.push(`- ${what} (${count}×)`);
  lines.push('', clean ? 'Result: no finding.' : 'Result: findings above.');
  return { markdown: lines.join('\n'), clean };
}

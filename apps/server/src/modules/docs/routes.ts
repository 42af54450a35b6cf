// The API reference: the contract's OpenAPI document at /api/docs/openapi.json, and a small
// HTML page at /api/docs listing every route, rendered here (no script, no CDN: it works
// offline and under the helmet CSP).
import type { FastifyPluginAsync } from 'fastify';
import { openApiDocument, routes, type RouteDefinition } from '@pitlane/api/contract';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function referencePage(): string {
  const byTag = new Map<string, Array<[string, RouteDefinition]>>();
  for (const [name, definition] of Object.entries(routes) as Array<[string, RouteDefinition]>) {
    const list = byTag.get(definition.tag) ?? [];
    list.push([name, definition]);
    byTag.set(definition.tag, list);
  }
  const sections = [...byTag]
    .map(([tag, list]) => {
      const rows = list
        .map(([name, d]) => {
          const body = d.body ? (d.body.kind === 'multipart' ? 'multipart/form-data' : 'JSON') : '—';
          const statuses = [d.status ?? 200, ...d.errors].join(', ');
          return `<tr id="${escapeHtml(name)}"><td><span class="method ${d.method.toLowerCase()}">${d.method}</span></td><td><code>${escapeHtml(d.path)}</code></td><td>${escapeHtml(d.summary)}</td><td>${body}</td><td>${d.auth ? 'session' : 'public'}</td><td>${statuses}</td></tr>`;
        })
        .join('\n');
      return `<section><h2>${escapeHtml(tag)}</h2><table><thead><tr><th>Method</th><th>Path</th><th>What it does</th><th>Body</th><th>Access</th><th>Statuses</th></tr></thead><tbody>\n${rows}\n</tbody></table></section>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pitlane API reference</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#1d2125}
h1{margin-bottom:.25rem}h2{margin-top:2rem;text-transform:capitalize}
table{border-collapse:collapse;width:100%}th,td{text-align:left;vertical-align:top;padding:.4rem .6rem;border-bottom:1px solid #dde1e6}
code{font:13px ui-monospace,monospace}.method{font:600 12px ui-monospace,monospace;padding:.1rem .4rem;border-radius:4px;background:#e8eaed}
.get{background:#dbeafe}.post{background:#dcfce7}.put{background:#fef3c7}.patch{background:#ede9fe}.delete{background:#fee2e2}
</style></head><body>
<h1>Pitlane API</h1>
<p>Every call answers JSON; errors answer <code>{ "message": "…" }</code>. Calls marked “session” need the
<code>pitlane_session</code> cookie. Machine-readable: <a href="/api/docs/openapi.json">openapi.json</a> (OpenAPI 3.1).</p>
${sections}
</body></html>`;
}

// Built on the first request and kept for the process: the contract does not change while it
// runs, and most processes never serve them. Converting every schema to JSON Schema took a share
// of each app's start, paid again by every one of the server suite's ~1,600 apps.
let document: ReturnType<typeof openApiDocument> | undefined;
let page: string | undefined;

export const docsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/docs/openapi.json', async (_request, reply) => reply.type('application/json; charset=utf-8').send((document ??= openApiDocument())));
  app.get('/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send((page ??= referencePage())));
};

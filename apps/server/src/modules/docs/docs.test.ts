// /api/docs: the contract's OpenAPI document and a reference page that works offline under the CSP.
import { describe, expect, it } from 'vitest';
import { openApiDocument, routes } from '@pitlane/api/contract';
import { backends, useApp } from '../../../test/harness.ts';

describe.each(backends)('API docs on $name', (backend) => {
  const t = useApp(backend, { fresh: 'suite' });

  it('serves the contract’s OpenAPI document as JSON, to anyone', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
    expect(response.json<{ paths: Record<string, unknown> }>().paths['/api/posts/{id}']).toBeDefined();
  });

  it('serves an HTML reference of every route, with nothing from another origin and no script', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    const html = response.body;
    for (const definition of Object.values(routes)) expect(html).toContain(`<code>${definition.path}</code>`);
    expect(html).toContain('href="/api/docs/openapi.json"');
    expect(html).not.toMatch(/<script|https?:\/\//i);
  });
});

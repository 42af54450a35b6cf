import { describe, expect, it } from 'vitest';
import { backends, useApp } from '../../../test/harness.ts';

describe.each(backends)('GET /api/health on $name', (backend) => {
  const t = useApp(backend);

  it('answers ok after querying the database, naming the engine', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual({ status: 'ok', database: backend.kind });
  });

  it('answers 503 with a message when the database is gone', async () => {
    await t.database.close();
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ message: "Pitlane can't reach its database right now. Please try again in a moment." });
  });
});

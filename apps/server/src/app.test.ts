import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testConfig, useTempDir } from '../test/harness.ts';
import { buildApp } from './app.ts';

describe('buildApp without a database given', () => {
  const tmp = useTempDir();

  it('opens the embedded database of DATA_DIR itself and closes it with the app', async () => {
    const app = await buildApp(testConfig({ DATA_DIR: tmp.path }));
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.json()).toEqual({ status: 'ok', database: 'pglite' });
      expect(fs.existsSync(path.join(tmp.path, 'db.lock'))).toBe(true);
    } finally {
      await app.close();
    }
    expect(fs.existsSync(path.join(tmp.path, 'db.lock'))).toBe(false);
  });
});

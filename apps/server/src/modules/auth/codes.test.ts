import { hash, verify } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { hashCost, hashSecret, verifySecret } from './codes.ts';

describe('argon2id cost', () => {
  it('is OWASP minimum (m=19456 KiB, t=2, p=1) wherever NODE_ENV is not test', async () => {
    for (const nodeEnv of ['production', 'development', '']) {
      expect(await hash('Apex@2024', hashCost(nodeEnv))).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    }
  });

  it('is the least under a test runner, and either hash verifies', async () => {
    const cheap = await hash('Apex@2024', hashCost('test'));
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await hashSecret('Apex@2024')).toMatch(/^\$argon2id\$v=19\$m=1024,/);
    const full = await hash('Apex@2024', hashCost('production'));
    expect(await verifySecret(full, 'Apex@2024')).toBe(true);
    expect(await verifySecret(cheap, 'Apex@2024')).toBe(true);
    expect(await verify(cheap, 'apex@2024')).toBe(false);
  });
});

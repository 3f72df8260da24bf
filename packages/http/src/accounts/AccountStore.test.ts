import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_QUEUE_LIMIT, type Account } from './account.js';
import type { AccountStore } from './AccountStore.js';
import { hashApiKey, keyIdOf, generateApiKey } from './apiKey.js';
import { createEmbeddedAccountStore } from './createEmbeddedAccountStore.js';
import { connectAccountsRedis, createRedisAccountStore } from './createRedisAccountStore.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const dirs: string[] = [];
const prefixes: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  for (const p of prefixes) {
    const keys = execFileSync('redis-cli', ['-u', REDIS_URL, '--scan', '--pattern', `${p}*`], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    if (keys.length) execFileSync('redis-cli', ['-u', REDIS_URL, 'del', ...keys]);
  }
});

const homes: [string, () => Promise<AccountStore>][] = [
  [
    'embedded (LMDB)',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'scrape-accounts-'));
      dirs.push(dataDir);
      return createEmbeddedAccountStore({ dataDir });
    },
  ],
  [
    'Redis',
    async () => {
      const keyPrefix = `test:accounts:${randomUUID()}:`;
      prefixes.push(keyPrefix);
      return createRedisAccountStore({ redis: await connectAccountsRedis(REDIS_URL), keyPrefix });
    },
  ],
];

const settings = (id: string): Omit<Account, 'createdAt'> => ({
  id,
  ratePerMinute: 10,
  concurrency: 2,
  queueLimit: DEFAULT_QUEUE_LIMIT,
  endpoints: ['scrape'],
  features: [],
  unlimitedCredits: false,
});

describe.each(homes)('account store: %s', (_name, open) => {
  it('finds a key only by the hash of the exact key, lists and revokes it, never storing the key', async () => {
    const store = await open();
    try {
      expect(await store.hasKeys()).toBe(false);
      await store.putAccount(settings('acme'));
      const key = generateApiKey();
      const hash = hashApiKey(key);
      await store.addKey({ id: keyIdOf(hash), hash, accountId: 'acme', createdAt: new Date().toISOString() });
      expect(await store.hasKeys()).toBe(true);
      const found = await store.findKey(hash);
      expect(found?.account).toMatchObject({ id: 'acme', ratePerMinute: 10, concurrency: 2 });
      expect(await store.findKey(hashApiKey(key + 'x'))).toBeNull();
      const listed = await store.listKeys();
      expect(JSON.stringify(listed)).not.toContain(key);
      expect(listed.map((k) => k.id)).toEqual([keyIdOf(hash)]);
      expect(await store.revokeKey('nope', 'now')).toBe(false);
      expect(await store.revokeKey(keyIdOf(hash), '2026-01-01T00:00:00Z')).toBe(true);
      expect((await store.findKey(hash))?.key.revokedAt).toBe('2026-01-01T00:00:00Z');
    } finally {
      await store.close();
    }
  });

  it('credits: add (never below 0); reserve all-or-nothing and idempotent; settle refunds or charges once', async () => {
    const store = await open();
    try {
      await store.putAccount(settings('c'));
      expect(await store.balance('c')).toBe(0);
      expect(await store.addCredits('c', 7)).toBe(7);
      expect(await store.addCredits('c', -10)).toBe(0);
      await store.addCredits('c', 6);
      expect(await store.reserveCredits('c', 5, 'r1')).toBe(true);
      // A retry of the same reservation (its reply was lost) takes nothing more.
      expect(await store.reserveCredits('c', 5, 'r1')).toBe(true);
      expect(await store.balance('c')).toBe(1);
      expect(await store.reserveCredits('c', 5, 'r2')).toBe(false);
      // Settling r1 at cost 2 gives 3 back, once.
      expect(await store.settleCredits('c', 'r1', 2)).toBe(true);
      expect(await store.settleCredits('c', 'r1', 2)).toBe(false);
      expect(await store.balance('c')).toBe(4);
      // A cost above what was held takes the rest, never below zero.
      expect(await store.reserveCredits('c', 1, 'r3')).toBe(true);
      expect(await store.settleCredits('c', 'r3', 10)).toBe(true);
      expect(await store.balance('c')).toBe(0);
      // Cancelling a reservation that never landed changes nothing.
      expect(await store.settleCredits('c', 'never', 0)).toBe(false);
      expect(await store.balance('c')).toBe(0);
    } finally {
      await store.close();
    }
  });

  it('usage counts what settling really took (capped by the balance), by month and key, once per reservation', async () => {
    const store = await open();
    try {
      await store.putAccount(settings('u'));
      await store.addCredits('u', 4);
      const tag = { period: '2026-11', keyId: 'k1' };
      expect(await store.reserveCredits('u', 1, 'u1')).toBe(true);
      expect(await store.settleCredits('u', 'u1', 3, tag)).toBe(true);
      expect(await store.settleCredits('u', 'u1', 3, tag)).toBe(false);
      // Balance 1 left and held: a cost of 5 takes only that 1.
      expect(await store.reserveCredits('u', 1, 'u2')).toBe(true);
      expect(await store.settleCredits('u', 'u2', 5, { period: '2026-12', keyId: 'k2' })).toBe(true);
      expect(await store.balance('u')).toBe(0);
      // A refunded request (cost 0) counts nothing; an unlimited request is recorded as is.
      await store.addCredits('u', 1);
      expect(await store.reserveCredits('u', 1, 'u3')).toBe(true);
      expect(await store.settleCredits('u', 'u3', 0, tag)).toBe(true);
      await store.recordUsage('u', { period: '2026-12' }, 4);
      const usage = await store.usage('u');
      const order = (r: { period: string; keyId?: string }) => `${r.period}|${r.keyId ?? ''}`;
      expect(usage.records.sort((x, y) => order(x).localeCompare(order(y)))).toEqual([
        { period: '2026-11', keyId: 'k1', credits: 3 },
        { period: '2026-12', credits: 4 },
        { period: '2026-12', keyId: 'k2', credits: 1 },
      ]);
      expect(Date.parse(usage.lastSuccessAt!)).toBeGreaterThan(0);
      expect(await store.usage('nobody')).toEqual({ records: [], lastSuccessAt: null });
    } finally {
      await store.close();
    }
  });

  it('100 concurrent reservations against a balance of 10: exactly 10 succeed, the balance ends at 0', async () => {
    const store = await open();
    try {
      await store.putAccount(settings('race'));
      await store.addCredits('race', 10);
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) => store.reserveCredits('race', 1, `race-${i}`)),
      );
      expect(results.filter(Boolean)).toHaveLength(10);
      expect(await store.balance('race')).toBe(0);
    } finally {
      await store.close();
    }
  });
});

// The scrape-admin bin against an embedded store, as an operator runs it: issue, list, revoke, credits, accounts,
// and clear usage errors. The server side of the same store is covered by multiProcess/sigterm/diskFull tests.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { keyIdOf } from '../src/accounts/apiKey.js';
import { hashApiKey } from '../src/index.js';
import { createEmbeddedAccountStore } from '../src/accounts/createEmbeddedAccountStore.js';
import { admin } from './serverProcesses.js';

const ADMIN_BIN = fileURLToPath(new URL('../dist/bin/scrape-admin.js', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'scrape-admin-'));
const env = { SCRAPE_DATA_DIR: dataDir };
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function raw(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [ADMIN_BIN, ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('scrape-admin', () => {
  it('issues a key shown once, stores only its hash, lists and revokes it', async () => {
    const created = await admin(
      env,
      'keys',
      'create',
      '--account',
      'acme',
      '--name',
      'ci',
      '--credits',
      '25',
      '--features',
      'zeroDataRetention',
    );
    expect(created.key).toMatch(/^fc-[0-9a-f]{64}$/);
    expect(created.id).toBe(keyIdOf(hashApiKey(created.key)));
    const listed = await admin(env, 'keys', 'list');
    expect(listed).toEqual([expect.objectContaining({ id: created.id, accountId: 'acme', name: 'ci' })]);
    expect(JSON.stringify(listed)).not.toContain(created.key);
    expect(JSON.stringify(listed)).not.toContain(hashApiKey(created.key));
    const store = createEmbeddedAccountStore({ dataDir });
    try {
      expect((await store.findKey(hashApiKey(created.key)))?.account).toMatchObject({
        id: 'acme',
        features: ['zeroDataRetention'],
        ratePerMinute: 100,
        concurrency: 5,
      });
    } finally {
      await store.close();
    }
    expect(await admin(env, 'keys', 'revoke', created.id)).toEqual({ revoked: created.id });
    expect((await admin(env, 'keys', 'list'))[0].revokedAt).toEqual(expect.any(String));
  });

  it('credits add/show and accounts set/show', async () => {
    expect((await admin(env, 'credits', 'add', 'acme', '10')).balance).toBe(35);
    expect((await admin(env, 'credits', 'add', 'acme', '-100')).balance).toBe(0);
    const set = await admin(
      env,
      'accounts',
      'set',
      'acme',
      '--rate',
      'unlimited',
      '--concurrency',
      '2',
      '--queue',
      '0',
    );
    expect(set).toMatchObject({ id: 'acme', ratePerMinute: null, concurrency: 2, queueLimit: 0, balance: 0 });
    const human = await raw('accounts', 'show', 'acme');
    expect(human.stdout).toMatch(/acme: credits 0, rate unlimited\/min, concurrency 2 \(queue 0\)/);
  });

  it('usage errors exit 2 with a message; no arguments prints the help', async () => {
    expect((await raw()).stdout).toMatch(/Usage: scrape-admin/);
    for (const [args, message] of [
      [['keys', 'create'], /needs --account/],
      [['keys', 'revoke', 'nope'], /no key with id nope/],
      [['credits', 'add', 'ghost', '5'], /no account ghost/],
      [['credits', 'add', 'acme', 'lots'], /whole number/],
      [['accounts', 'set', 'bad id!'], /account id/],
      [['accounts', 'set', 'acme', '--rate', '0'], /--rate must be/],
      [['accounts', 'set', 'acme', '--bogus'], /Unknown option/],
      [['frobnicate'], /unknown command/],
    ] as const) {
      const r = await raw(...args);
      expect([args.join(' '), r.code]).toEqual([args.join(' '), 2]);
      expect(r.stderr).toMatch(message);
    }
  }, 90_000);
});

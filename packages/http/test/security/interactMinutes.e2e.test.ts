// Issue 20 item 5, interact: "3 interact sessions billed 6 credits against a balance of 1" and a session ran on after
// the balance was spent (its time was only charged when it ended). Session time is now paid ahead, one minute at a
// time: a session opens only when its first minute is reserved, and it ends (402) when the next one cannot be.
// The "minute" is shortened here (interactSettings.billingMinuteMs) so the test does not wait real minutes.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccounts, type Accounts } from '../../src/index.js';
import { callApi, startService, type Service } from '../startService.js';
import { issueTestKey } from '../issueTestKey.js';

const MINUTE_MS = 1_500;
let svc: Service;
let accounts: Accounts;
let dataDir = '';

// A fresh account per attempt: a retried test must not find the credits and usage of the attempt before.
const issueKey = async (id: string, credits: number) =>
  (await issueTestKey(accounts, { id, endpoints: ['scrape', 'browser'] }, credits)).key;
const fresh = (name: string) => `${name}-${randomUUID().slice(0, 8)}`;

async function billed(id: string): Promise<number> {
  const usage = await accounts.store.usage(id);
  return usage.records.reduce((sum, r) => sum + r.credits, 0);
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'scrape-interact-minutes-'));
  accounts = await openAccounts({ dataDir });
  svc = await startService({ accounts, interactSettings: { billingMinuteMs: MINUTE_MS } });
}, 60_000);

afterAll(async () => {
  await svc?.close();
  await accounts?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('interact sessions pay for their time ahead, by the minute', { timeout: 120_000 }, () => {
  it('a balance of 2 minutes ends the session after 2 minutes, with 402, and bills exactly 2', async () => {
    const account = fresh('two-minutes');
    const key = await issueKey(account, 2);
    const created = await callApi(svc, 'POST', '/v2/browser', {}, key);
    expect(created.status).toBe(200);
    const id = created.body.id as string;
    // Idle or not, the session lives only as long as its time is paid; well before its 5-minute idle timeout.
    const ended = await waitFor(
      'the session to end',
      async () => {
        const listed = await callApi(svc, 'GET', '/v2/browser', undefined, key);
        return listed.body.sessions.some((s: { id: string }) => s.id === id) ? undefined : true;
      },
      30_000,
    );
    expect(ended).toBe(true);
    const after = await callApi(svc, 'POST', `/v2/browser/${id}/execute`, { code: '1 + 1' }, key);
    expect(after.status).toBe(402);
    expect(after.body).toMatchObject({ success: false, error: 'Payment Required: Insufficient credits' });
    expect(await accounts.store.balance(account)).toBe(0);
    // The reservations settle just after the session ends: both minutes billed, nothing more.
    await waitFor('the settlement', async () => ((await billed(account)) >= 2 ? true : undefined), 10_000);
    expect(await billed(account)).toBe(2);
    expect(await accounts.store.balance(account)).toBe(0);
  });

  it('parallel sessions cannot open beyond the balance: 1 credit opens one of three', async () => {
    const account = fresh('one-credit');
    const key = await issueKey(account, 1);
    const opened = await Promise.all([1, 2, 3].map(() => callApi(svc, 'POST', '/v2/browser', {}, key)));
    const statuses = opened.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 402, 402]);
    // Its one minute paid, it ends when the next cannot be: billed 1, the balance at 0, never below.
    await waitFor(
      'the session to end',
      async () => {
        const listed = await callApi(svc, 'GET', '/v2/browser', undefined, key);
        return listed.body.sessions.length === 0 ? true : undefined;
      },
      30_000,
    );
    await waitFor('the settlement', async () => ((await billed(account)) >= 1 ? true : undefined), 10_000);
    expect(await billed(account)).toBe(1);
    expect(await accounts.store.balance(account)).toBe(0);
  });

  it('a session stopped early is billed its started minutes and the rest of the reservation comes back', async () => {
    const account = fresh('refund');
    const key = await issueKey(account, 10);
    const created = await callApi(svc, 'POST', '/v2/browser', {}, key);
    expect(created.status).toBe(200);
    const stopped = await callApi(svc, 'DELETE', `/v2/browser/${created.body.id}`, undefined, key);
    expect(stopped.status).toBe(200);
    const { creditsBilled, sessionDurationMs } = stopped.body;
    expect(creditsBilled).toBe(Math.ceil(sessionDurationMs / MINUTE_MS));
    // The reservation of a minute not used (if a tick came before the stop) is refunded when the session settles.
    await waitFor('the settlement', async () => ((await billed(account)) === creditsBilled ? true : undefined), 10_000);
    expect(await accounts.store.balance(account)).toBe(10 - creditsBilled);
  });
});

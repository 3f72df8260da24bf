// Issue 20 item 12: another team's scrape or session id answers exactly as an unknown one (404), so ids cannot be
// probed across tenants; `lockdown` needs the zero-data-retention feature, as `zeroDataRetention` does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccounts, type Accounts } from '../../src/index.js';
import { issueTestKey } from '../issueTestKey.js';
import { KEY_A, KEY_B, startSecurityService, type SecurityService } from './securityService.js';

const page =
  '<html><head><title>Ledger</title></head><body><main><h1>Ledger</h1><p>Quarterly numbers.</p></main></body></html>';

describe('ids of other tenants', () => {
  let svc: SecurityService;
  beforeAll(async () => {
    svc = await startSecurityService({
      handler: (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(page),
    });
  });
  afterAll(async () => {
    await svc?.close();
  });

  it("another team's scrape id answers as an unknown one, for interact and for stop", async () => {
    const scraped = await svc.scrape({ url: `${svc.site.origin}/ledger` }, KEY_A);
    expect(scraped.status).toBe(200);
    const id = scraped.body.data.metadata.scrapeId as string;
    const unknown = '00000000-0000-4000-8000-000000000000';
    const foreign = await svc.call('POST', `/v2/scrape/${id}/interact`, { code: 'await page.title()' }, KEY_B);
    const never = await svc.call('POST', `/v2/scrape/${unknown}/interact`, { code: 'await page.title()' }, KEY_B);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(never.body);
    const foreignStop = await svc.call('DELETE', `/v2/scrape/${id}/interact`, undefined, KEY_B);
    const neverStop = await svc.call('DELETE', `/v2/scrape/${unknown}/interact`, undefined, KEY_B);
    expect([foreignStop.status, foreignStop.body]).toEqual([neverStop.status, neverStop.body]);
    expect(foreignStop.status).toBe(404);
  });
});

describe('lockdown and the zero-data-retention feature', () => {
  let svc: SecurityService;
  let accounts: Accounts;
  let accountsDir: string;
  const issue = async (id: string, features: string[]) => (await issueTestKey(accounts, { id, features }, 20)).key;
  beforeAll(async () => {
    accountsDir = mkdtempSync(join(tmpdir(), 'scrape-security-accounts-'));
    accounts = await openAccounts({ dataDir: accountsDir });
    svc = await startSecurityService({
      handler: (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(page),
      server: { accounts },
    });
  });
  afterAll(async () => {
    await svc?.close();
    rmSync(accountsDir, { recursive: true, force: true });
  });

  it('lockdown is 403 for an account without the feature (nothing charged), served for one with it', async () => {
    const url = `${svc.site.origin}/ledger`;
    const plain = await issue('plain', []);
    const zdr = await issue('zdr', ['zeroDataRetention']);
    expect((await svc.scrape({ url }, zdr)).status).toBe(200);
    const refused = await svc.scrape({ url, lockdown: true }, plain);
    expect([refused.status, refused.body.error]).toEqual([403, 'Forbidden']);
    expect(refused.body.details.reason).toMatch(/zero data retention/i);
    expect(await accounts.store.balance('plain')).toBe(20);
    const allowed = await svc.scrape({ url, lockdown: true }, zdr);
    expect(allowed.status).toBe(200);
    expect(allowed.body.data.metadata.cacheState).toBe('hit');
  });
});

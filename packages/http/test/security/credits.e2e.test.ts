// Issue 20 items 4 and 5: charges stopped at a zero balance (1 credit parsed 5,000 PDF pages; 10 credits bought 24
// credits of parallel PDF work) and failed work was free (scrapes made to time out held the slots of all tenants at
// no cost). PDF pages are now reserved before they are parsed and the parse stops where the balance does; a failure
// that held its slot for long is billed like a scrape.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccounts, type Accounts } from '../../src/index.js';
import { issueTestKey } from '../issueTestKey.js';
import { textPdf } from '../../../scraper/test/pdfFixtures.js';
import { startSecurityService, type SecurityService } from './securityService.js';

let svc: SecurityService;
let accounts: Accounts;
let accountsDir: string;
const forty = textPdf(40);
const six = textPdf(6);

/** A key of a fresh account holding `credits`. */
async function issue(id: string, credits: number): Promise<string> {
  return (await issueTestKey(accounts, { id }, credits)).key;
}

beforeAll(async () => {
  accountsDir = mkdtempSync(join(tmpdir(), 'scrape-security-credits-'));
  accounts = await openAccounts({ dataDir: accountsDir });
  svc = await startSecurityService({
    server: { accounts },
    handler: (_req, res, path) => {
      if (path === '/forty.pdf') return res.writeHead(200, { 'content-type': 'application/pdf' }).end(forty);
      if (path.startsWith('/six')) return res.writeHead(200, { 'content-type': 'application/pdf' }).end(six);
      if (path === '/never') return; // holds the connection: the scrape runs to its timeout
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    },
  });
});
afterAll(async () => {
  await svc?.close();
  rmSync(accountsDir, { recursive: true, force: true });
});

const pdfParser = [{ type: 'pdf', mode: 'fast' }];

describe('credits are reserved before the work', { timeout: 120_000 }, () => {
  it('3 credits parse 3 pages of a 40-page PDF, say so, and leave the balance at 0', async () => {
    const key = await issue('three', 3);
    const r = await svc.scrape({ url: `${svc.site.origin}/forty.pdf`, parsers: pdfParser }, key);
    expect(r.status).toBe(200);
    expect(r.body.data.metadata).toMatchObject({ numPages: 3, totalPages: 40, creditsUsed: 3 });
    expect(r.body.data.warning).toMatch(/credits cover no more/);
    expect(await accounts.store.balance('three')).toBe(0);
    expect((await svc.scrape({ url: `${svc.site.origin}/forty.pdf`, parsers: pdfParser }, key)).status).toBe(402);
  });

  it('parallel PDF scrapes cannot spend more than the balance', async () => {
    const key = await issue('parallel', 10);
    const results = await Promise.all(
      [1, 2, 3, 4].map((i) => svc.scrape({ url: `${svc.site.origin}/six-${i}.pdf`, parsers: pdfParser }, key)),
    );
    const spent = results.filter((r) => r.status === 200).reduce((sum, r) => sum + r.body.data.metadata.creditsUsed, 0);
    const pages = results.filter((r) => r.status === 200).reduce((sum, r) => sum + r.body.data.metadata.numPages, 0);
    expect(spent).toBeLessThanOrEqual(10);
    expect(pages).toBe(spent);
    expect(await accounts.store.balance('parallel')).toBe(10 - spent);
    for (const r of results) expect([200, 402]).toContain(r.status);
  });

  it('each PDF holds its real page count, not the whole balance: four 6-page PDFs fit a balance of 24', async () => {
    // Before, each parse reserved maxPages (10,000) worth of the balance until it finished: the first took all 24
    // credits and the others, running beside it, were cut short or refused.
    const key = await issue('exact', 24);
    const six = (i: number) => ({ url: `${svc.site.origin}/six-exact-${i}.pdf`, parsers: pdfParser });
    const results = await Promise.all([1, 2, 3, 4].map((i) => svc.scrape(six(i), key)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    for (const r of results) expect(r.body.data.metadata).toMatchObject({ numPages: 6, totalPages: 6, creditsUsed: 6 });
    expect(await accounts.store.balance('exact')).toBe(0);
  });

  it('a scrape that held its slot until a long timeout is billed one credit', async () => {
    const key = await issue('stall', 2);
    const r = await svc.scrape({ url: `${svc.site.origin}/never`, timeout: 11_000 }, key);
    expect(r.status).toBe(408);
    expect(await accounts.store.balance('stall')).toBe(1);
    // A quick failure (refused before any slot was held for long) stays free.
    expect((await svc.scrape({ url: 'http://10.9.8.7/' }, key)).status).toBe(403);
    expect(await accounts.store.balance('stall')).toBe(1);
  });
});

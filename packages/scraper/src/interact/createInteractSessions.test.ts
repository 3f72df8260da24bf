import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionBrowser, type SessionBrowser } from '@scrape/browser';
import { randomUUID } from 'node:crypto';
import { createInteractSessions, type InteractSessions } from './createInteractSessions.js';
import { createMemoryProfileStore, type ProfileStore } from './profileStore.js';
import { sessionDirectoryForHome } from './sessionDirectory.js';
import { dropRedisPrefix, waitFor } from '@scrape/test-support';

let site: Server;
let origin = '';
let browser: SessionBrowser;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

beforeAll(async () => {
  site = createServer((req, res) => {
    res.setHeader('content-type', 'text/html');
    if (req.url === '/set') res.setHeader('set-cookie', 'token=abc; Path=/; Max-Age=600');
    res.end(`<title>t</title><h1>${req.url}</h1><p>cookie: ${req.headers.cookie ?? 'none'}</p>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', () => resolve()));
  origin = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
  // One Chromium for every manager of this file; each test's manager closes its sessions, not the browser.
  browser = createSessionBrowser();
  // Launched here, not in the first test's 30 s (a cold launch took most of it at load 30); the hook's limit is a
  // bound for a hang.
  await (await browser.open({ url: `${origin}/warm-up`, timeout: 60_000 })).close();
}, 150_000);

afterAll(async () => {
  await browser?.close();
  site?.close();
});

function manager(
  settings: NonNullable<Parameters<typeof createInteractSessions>[0]>['settings'] = {},
  profiles?: ProfileStore,
  directoryPrefix?: string,
): InteractSessions {
  const shared: SessionBrowser = {
    open: (r) => browser.open(r),
    openCount: () => browser.openCount(),
    close: async () => {},
  };
  const directory = directoryPrefix
    ? (sessionDirectoryForHome({ kind: 'redis', redisUrl: REDIS_URL, keyPrefix: directoryPrefix }) ?? undefined)
    : undefined;
  return createInteractSessions({ allowPrivateUrls: true, browser: shared, profiles, settings, directory });
}

const failure = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    return error as { status: number; code?: string; error: string };
  }
  throw new Error('expected a failure');
};

describe('createInteractSessions', () => {
  it('bounds sessions per team and in total (429), freeing a slot when one stops', async () => {
    const sessions = manager({ maxPerTeam: 1, maxTotal: 2 });
    for (const id of ['a1', 'a2', 'b1', 'c1']) sessions.rememberScrape(id, { team: id[0], url: `${origin}/${id}` });
    const first = await sessions.interact('a1', { code: 'await page.title()' }, 'a');
    expect((await failure(sessions.interact('a2', { code: '1' }, 'a'))).status).toBe(429);
    await sessions.interact('b1', { code: '1' }, 'b');
    expect(await failure(sessions.interact('c1', { code: '1' }, 'c'))).toMatchObject({
      status: 429,
      error: 'Concurrency limit reached',
    });
    await sessions.stopSession(first.sessionId, 'a');
    expect((await sessions.interact('a2', { code: '1' }, 'a')).success).toBe(true);
    await sessions.close();
    expect(sessions.stats().sessions).toBe(0);
  });

  it('ends a session at its maximum lifetime even while it is used', async () => {
    const sessions = manager({ maxLifetimeMs: 1_200, idleTimeoutMs: 60_000 });
    sessions.rememberScrape('s', { team: 't', url: `${origin}/` });
    const first = await sessions.interact('s', { code: '1' }, 't');
    // Waits on the session's state (a read that is no call), not on a time that a loaded machine may overrun.
    const ended = await waitFor(
      () => sessions.status(first.sessionId, 't')?.status === 'destroyed' && sessions.status(first.sessionId, 't'),
      'the session to reach its lifetime',
      30_000,
    );
    expect(ended.endReason).toBe('max lifetime');
    expect((await failure(sessions.stopSession(first.sessionId, 't'))).status).toBe(404);
    // The next call on the scrape opens a new session.
    const second = await sessions.interact('s', { code: '2' }, 't');
    expect(second.sessionId).not.toBe(first.sessionId);
    await sessions.close();
  });

  it('reads the status of a session without touching its idle clock, until it expires for idleness', async () => {
    const sessions = manager({ idleTimeoutMs: 1_500 });
    sessions.rememberScrape('i', { team: 't', url: `${origin}/` });
    const { sessionId } = await sessions.interact('i', { code: '1' }, 't');
    const first = sessions.status(sessionId, 't');
    expect(first).toMatchObject({ id: sessionId, kind: 'scrape', status: 'active' });
    expect(Date.parse(first!.idleExpiresAt!)).toBeGreaterThan(Date.parse(first!.lastActivity));
    // Another team does not learn of it; an unknown id is null.
    expect(sessions.status(sessionId, 'other')).toBeNull();
    expect(sessions.status('no-such-session', 't')).toBeNull();
    // Read every 20 ms: were a read a call, the idle timer would be re-armed each time and the session never end.
    const deadlines = new Set<string | undefined>();
    const ended = await waitFor(
      () => {
        const now = sessions.status(sessionId, 't');
        if (now?.status === 'active') deadlines.add(now.idleExpiresAt);
        return now?.status === 'destroyed' && now;
      },
      'the idle session to expire',
      30_000,
      20,
    );
    expect([...deadlines]).toEqual([first!.idleExpiresAt]);
    expect(ended).toMatchObject({ id: sessionId, status: 'destroyed', endReason: 'idle timeout' });
    expect(ended.idleExpiresAt).toBeUndefined();
    expect((await failure(sessions.stopSession(sessionId, 't'))).status).toBe(404);
    await sessions.close();
  });

  it('one saving session per profile (409); close() saves the profile and releases it', async () => {
    const profiles = createMemoryProfileStore();
    const sessions = manager({}, profiles);
    sessions.rememberScrape('p1', { team: 't', url: `${origin}/set`, profile: { name: 'shop', saveChanges: true } });
    sessions.rememberScrape('p2', { team: 't', url: `${origin}/`, profile: { name: 'shop', saveChanges: true } });
    sessions.rememberScrape('p3', { team: 'other', url: `${origin}/`, profile: { name: 'shop', saveChanges: true } });
    await sessions.interact('p1', { code: '1' }, 't');
    expect(await failure(sessions.interact('p2', { code: '1' }, 't'))).toMatchObject({
      status: 409,
      error: 'Conflict',
    });
    // Another team's profile of the same name is another profile.
    expect((await sessions.interact('p3', { code: '1' }, 'other')).success).toBe(true);
    await sessions.close();
    const saved = await profiles.get('t', 'shop');
    expect(saved?.cookies.map((c) => `${c.name}=${c.value}`)).toEqual(['token=abc']);
    expect((await profiles.get('other', 'shop'))?.cookies).toEqual([]);

    const again = manager({}, profiles);
    again.rememberScrape('p4', { team: 't', url: `${origin}/`, profile: { name: 'shop', saveChanges: false } });
    const seen = await again.interact('p4', { code: `await page.textContent('p')` }, 't');
    expect(seen.result).toBe('cookie: token=abc');
    await again.close();
  });
});

describe('several processes (directory in Redis)', () => {
  it('a scrape remembered by one process can be continued on another; calls for its live session elsewhere are 409', async () => {
    const prefix = `test:interact:${randomUUID()}:`;
    const a = manager({}, undefined, prefix);
    const b = manager({}, undefined, prefix);
    try {
      await a.rememberScrape('shared', { team: 't', url: `${origin}/` });
      const onB = await b.interact('shared', { code: 'await page.title()' }, 't');
      expect(onB).toMatchObject({ success: true, result: 't' });
      expect(await failure(a.interact('shared', { code: '1' }, 't'))).toMatchObject({
        status: 409,
        code: 'INTERACT_SESSION_ELSEWHERE',
      });
      expect(await failure(a.stopSession(onB.sessionId, 't'))).toMatchObject({
        status: 409,
        code: 'INTERACT_SESSION_ELSEWHERE',
      });
      // Another team learns nothing: the same 404 as an id that never existed.
      expect(await failure(a.stopSession(onB.sessionId, 'intruder'))).toMatchObject({
        status: 404,
        code: 'INTERACT_SESSION_NOT_FOUND',
      });
      expect((await b.stopScrapeSession('shared', 't')).success).toBe(true);
      expect((await failure(a.stopSession(onB.sessionId, 't'))).status).toBe(404);
    } finally {
      await a.close();
      await b.close();
      await dropRedisPrefix(prefix, REDIS_URL);
    }
  });

  it('a standalone session held by another process is 409 for its team and 404 for any other', async () => {
    const prefix = `test:interact:${randomUUID()}:`;
    const a = manager({}, undefined, prefix);
    const b = manager({}, undefined, prefix);
    try {
      const created = await a.createBrowser({}, 't');
      expect(await failure(b.stopSession(created.id, 't'))).toMatchObject({
        status: 409,
        code: 'INTERACT_SESSION_ELSEWHERE',
      });
      expect(await failure(b.execute(created.id, { code: '1' }, 't'))).toMatchObject({
        status: 409,
        code: 'INTERACT_SESSION_ELSEWHERE',
      });
      expect((await failure(b.stopSession(created.id, 'intruder'))).status).toBe(404);
      expect((await failure(b.stopBrowser(created.id, 'intruder'))).status).toBe(404);
      expect(String((await a.execute(created.id, { code: 'return 1 + 1' }, 't')).result)).toBe('2');
      expect((await a.stopSession(created.id, 't')).success).toBe(true);
      expect((await failure(b.stopSession(created.id, 't'))).status).toBe(404);
    } finally {
      await a.close();
      await b.close();
      await dropRedisPrefix(prefix, REDIS_URL);
    }
  });
});

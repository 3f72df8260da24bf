import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createThreadPool, type ThreadJob, type ThreadPool } from './createThreadPool.js';

interface Reply {
  id: number;
  value: number;
  thread: number;
}
interface TestJob extends ThreadJob<Reply> {
  op: 'double' | 'spin' | 'exit';
  value: number;
}

// A real worker thread: doubles a number, spins forever, or exits, as it is told.
const dir = mkdtempSync(join(tmpdir(), 'thread-pool-'));
const script = join(dir, 'worker.mjs');
writeFileSync(
  script,
  `import { parentPort, threadId } from 'node:worker_threads';
parentPort.on('message', (m) => {
  if (m.op === 'exit') process.exit(3);
  if (m.op === 'spin') for (;;);
  parentPort.postMessage({ id: m.id, value: m.value * 2, thread: threadId });
});
`,
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function makePool(size: number, recycleAfterJobs = 100, url = pathToFileURL(script)) {
  const pool: ThreadPool<Reply, TestJob> = createThreadPool<Reply, TestJob, Reply>({
    size,
    idleMs: 60_000,
    recycleAfterJobs,
    script: () => ({ url, workerData: null }),
    missingScript: (path) => new Error(`missing ${path}`),
    lost: (reason) => new Error(`lost (${reason})`),
    closed: () => new Error('closed'),
    unrefIdle: true,
    start: (slot, job) => slot.worker.postMessage({ id: job.id, op: job.op, value: job.value }),
    messageId: (message) => message.id,
    onMessage: (slot, job, message) => pool.finish(slot, job, null, message),
  });
  let nextId = 0;
  const run = (op: TestJob['op'], value = 0) => {
    let job!: TestJob;
    const promise = new Promise<Reply>((resolve, reject) => {
      job = { id: nextId++, op, value, resolve, reject, settled: false };
    });
    pool.submit(job);
    return { job, promise };
  };
  return { pool, run };
}

describe('createThreadPool', () => {
  it('runs jobs on at most `size` threads and replaces a thread after `recycleAfterJobs` jobs', async () => {
    const { pool, run } = makePool(2, 2);
    const replies = await Promise.all([1, 2, 3, 4, 5].map((n) => run('double', n).promise));
    expect(replies.map((r) => r.value)).toEqual([2, 4, 6, 8, 10]);
    expect(pool.threads).toBeLessThanOrEqual(2);
    // Two threads doing two jobs each, then a fresh one for the fifth.
    expect(new Set(replies.map((r) => r.thread)).size).toBe(3);
    await pool.close();
  });

  it('stops a runaway job by terminating its thread; the queued job runs on a fresh one', async () => {
    const { pool, run } = makePool(1);
    const runaway = run('spin');
    const next = run('double', 21);
    expect(pool.queued).toBe(1);
    const stopped = new Error('stopped');
    pool.stop(runaway.job, stopped);
    await expect(runaway.promise).rejects.toBe(stopped);
    expect((await next.promise).value).toBe(42);
    await pool.close();
  });

  it('rejects the job of a thread that died with `lost`, and goes on', async () => {
    const { pool, run } = makePool(1);
    await expect(run('exit').promise).rejects.toThrow('lost (exit code 3)');
    expect((await run('double', 4).promise).value).toBe(8);
    await pool.close();
  });

  it('rejects queued and running jobs when closed, and every job when the script is missing', async () => {
    const { pool, run } = makePool(1);
    const running = run('spin');
    const queued = run('double', 1);
    const rejected = Promise.all([
      expect(running.promise).rejects.toThrow('closed'),
      expect(queued.promise).rejects.toThrow('closed'),
    ]);
    await pool.close();
    await rejected;
    expect(pool.isClosed).toBe(true);

    const missing = makePool(1, 100, pathToFileURL(join(dir, 'absent.mjs')));
    await expect(missing.run('double', 1).promise).rejects.toThrow(/^missing .*absent\.mjs$/);
    await missing.pool.close();
  });
});

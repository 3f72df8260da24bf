// The thread side of createCpuWorkerPool: runs one page transform of @scrape/core at a time. Only the modules the
// tasks need are loaded (not the PDF parser's WASM), so a thread starts in a fraction of the package's load time.
import { parentPort, workerData } from 'node:worker_threads';
import type { CpuTask, FromCpuWorker, ToCpuWorker } from './cpuWorkerMessages.js';

type TaskFunction = (...args: never[]) => unknown;

const { modules } = workerData as { modules: Record<CpuTask, { url: string; name: string }> };
const loaded = new Map<CpuTask, Promise<TaskFunction>>();

function load(task: CpuTask): Promise<TaskFunction> {
  let fn = loaded.get(task);
  if (!fn) {
    const { url, name } = modules[task];
    fn = import(url).then((m: Record<string, TaskFunction>) => m[name]);
    loaded.set(task, fn);
  }
  return fn;
}

parentPort!.on('message', async (message: ToCpuWorker) => {
  let reply: FromCpuWorker;
  try {
    const fn = await load(message.task);
    const result = await fn(...(message.args as never[]));
    if (message.omit && result && typeof result === 'object') {
      for (const field of message.omit) delete (result as Record<string, unknown>)[field];
    }
    reply = { id: message.id, ok: true, result };
  } catch (error) {
    const e = error as { name?: string; message?: string; kind?: string; details?: unknown };
    reply = {
      id: message.id,
      ok: false,
      error: { name: e?.name ?? 'Error', message: e?.message ?? String(error), kind: e?.kind, details: e?.details },
    };
  }
  try {
    parentPort!.postMessage(reply);
  } catch (error) {
    // A result that cannot be cloned is the transform's bug; the caller gets it as an error rather than a hang.
    parentPort!.postMessage({
      id: message.id,
      ok: false,
      error: { name: 'DataCloneError', message: String(error) },
    } satisfies FromCpuWorker);
  }
});

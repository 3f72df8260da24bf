/**
 * The program of the sandbox process, passed to `node -e` (so the process needs no file-system read at all). It runs
 * the user's code in a fresh `vm` context holding only `page`, `context`, `console` and timers; every page call is a
 * message to the parent, which decides what is allowed. The vm context is not the boundary (its escapes reach this
 * process); the process is: no env, no file system (permission model), no network namespace, bounded heap, killed at
 * its deadline.
 */
function sandboxMain(): void {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const vm = require('node:vm') as typeof import('node:vm');
  const send = (message: unknown) => (process as unknown as { send(m: unknown): void }).send(message);
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  let nextId = 0;
  const out: string[] = [];
  const err: string[] = [];
  let outBytes = 0;
  let truncated = false;
  const OUTPUT_MAX = 64 * 1024;

  const call = (target: unknown, method: string, args: unknown[]) =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve, reject });
      send({ type: 'call', id, target, method, args: JSON.parse(JSON.stringify(args, (_k, v) => (v === undefined ? null : v))) });
    });

  const format = (values: unknown[]) =>
    values
      .map((v) => {
        if (typeof v === 'string') return v;
        try {
          return JSON.stringify(v);
        } catch {
          return String(v);
        }
      })
      .join(' ');
  const write = (into: string[], values: unknown[]) => {
    const line = format(values) + '\n';
    if (outBytes + line.length > OUTPUT_MAX) {
      truncated = true;
      return;
    }
    outBytes += line.length;
    into.push(line);
  };

  const methods = (target: unknown, names: string[]) => {
    const object: Record<string, unknown> = {};
    for (const name of names) object[name] = (...args: unknown[]) => call(target, name, args);
    return object;
  };
  const PAGE = ['goto', 'click', 'dblclick', 'fill', 'type', 'press', 'check', 'uncheck', 'hover', 'selectOption', 'focus', 'waitForSelector',
    'waitForTimeout', 'waitForLoadState', 'waitForURL', 'content', 'url', 'title', 'textContent', 'innerText', 'innerHTML',
    'getAttribute', 'isVisible', 'isChecked', 'inputValue', 'goBack', 'goForward', 'reload', 'screenshot', 'setViewportSize'];
  const LOCATOR = ['click', 'dblclick', 'fill', 'type', 'pressSequentially', 'press', 'check', 'uncheck', 'hover', 'textContent',
    'innerText', 'innerHTML', 'inputValue', 'count', 'isVisible', 'isChecked', 'getAttribute', 'allTextContents', 'allInnerTexts', 'waitFor',
    'selectOption', 'focus'];
  const locator = (steps: unknown[]): Record<string, unknown> => {
    const object = methods({ locator: steps }, LOCATOR);
    object.locator = (selector: string) => locator([...steps, { selector: String(selector) }]);
    object.nth = (index: number) => locator([...steps, { nth: Number(index) }]);
    object.first = () => locator([...steps, { nth: 0 }]);
    object.last = () => locator([...steps, { nth: -1 }]);
    return object;
  };
  const page = methods('page', PAGE);
  page.evaluate = (fn: unknown, arg?: unknown) =>
    call('page', 'evaluate', [typeof fn === 'function' ? { fn: String(fn), arg } : { expression: String(fn) }]);
  page.locator = (selector: string) => locator([{ selector: String(selector) }]);
  page.getByText = (text: string) => locator([{ selector: `text=${JSON.stringify(String(text))}` }]);
  page.keyboard = methods('keyboard', ['press', 'type', 'down', 'up', 'insertText']);
  page.mouse = methods('mouse', ['click', 'dblclick', 'move', 'down', 'up', 'wheel']);
  const context = methods('context', ['cookies']);
  page.context = () => context;

  const sandbox = vm.createContext({
    page,
    context,
    console: { log: (...a: unknown[]) => write(out, a), info: (...a: unknown[]) => write(out, a), warn: (...a: unknown[]) => write(err, a), error: (...a: unknown[]) => write(err, a) },
    setTimeout,
    clearTimeout,
  });

  const run = async (code: string) => {
    // An expression (`await page.title()`) is its own result; otherwise a body whose `return` is the result.
    let script: import('node:vm').Script;
    try {
      script = new vm.Script(`(async () => (\n${code}\n))()`, { filename: 'interact.js' });
    } catch {
      script = new vm.Script(`(async () => {\n${code}\n})()`, { filename: 'interact.js' });
    }
    return script.runInContext(sandbox);
  };

  process.on('message', (message: { type: string; id?: number; code?: string; value?: unknown; error?: string }) => {
    if (message.type === 'reply') {
      const entry = pending.get(message.id!);
      pending.delete(message.id!);
      if (message.error !== undefined) entry?.reject(new Error(message.error));
      else entry?.resolve(message.value);
      return;
    }
    if (message.type !== 'run') return;
    Promise.resolve()
      .then(() => run(message.code!))
      .then(
        (value) => {
          let result: unknown = value;
          try {
            result = value === undefined ? null : JSON.parse(JSON.stringify(value));
          } catch {
            result = String(value);
          }
          send({ type: 'done', result, stdout: out.join(''), stderr: err.join(''), truncated });
        },
        (error: unknown) => {
          const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
          send({ type: 'done', error: text, stdout: out.join(''), stderr: err.join('') + text + '\n', truncated });
        },
      );
  });
  send({ type: 'ready' });
}

export const SANDBOX_CHILD_SOURCE = `(${sandboxMain.toString()})();`;

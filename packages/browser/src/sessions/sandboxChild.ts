import * as allowed from './pageCallMethods.js';

/**
 * The names the sandbox offers, from the lists the parent allows (pageCallMethods.ts): a page or frame also reads
 * text (answered by dispatchPageCall's getters), a locator also reads lists and takes screenshots. `waitForFunction`,
 * `waitForResponse` and the navigations are then redefined by the sandbox (they send a function's source, or wrap
 * the response).
 */
const SANDBOX_NAMES = {
  ACTIONS: [...allowed.FRAME_ACTIONS, ...Object.keys(allowed.ELEMENT_GETTERS), 'content', 'title'],
  PAGE_ACTIONS: allowed.PAGE_ONLY_ACTIONS,
  LOCATOR: [
    ...allowed.LOCATOR_ACTIONS,
    ...Object.keys(allowed.ELEMENT_GETTERS),
    ...Object.keys(allowed.LIST_GETTERS),
    'screenshot',
  ],
  GET_BY: allowed.GET_BY_KINDS,
  KEYBOARD: allowed.KEYBOARD_ACTIONS,
  MOUSE: allowed.MOUSE_ACTIONS,
};

// The sandbox process's program is the source of the functions below, run by `node -e`: each is self-contained (it
// uses only its parameters, globals and the other functions of this file, called by name), as it is read as text.

type Target = Record<string, unknown>;
type Call = (target: Target, method: string, args: unknown[]) => Promise<unknown>;
type SandboxNames = typeof SANDBOX_NAMES;
/** What the parent tells of a page with each message: its URL, the context's page count, its frames, viewport. */
type SandboxState = {
  url: string;
  pages: number;
  frames: { name: string; url: string }[];
  viewport: { width: number; height: number } | null;
};
type SandboxMessage = {
  type: string;
  id?: number;
  code?: string;
  value?: unknown;
  error?: string;
  state?: SandboxState;
  page?: number | null;
};

/** Values cross as JSON; a RegExp (getByText(/x/i)) travels as `{ regex, flags }` and runs in the page. */
function sandboxWire(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (_k, v: unknown) =>
      v === undefined ? null : v instanceof RegExp ? { regex: v.source, flags: v.flags } : v,
    ) ?? 'null',
  );
}

/** The user's console: stdout and stderr lines, 64 KiB of them in all, the rest dropped and said `truncated`. */
function sandboxConsole() {
  const OUTPUT_MAX = 64 * 1024;
  const out: string[] = [];
  const err: string[] = [];
  let outBytes = 0;
  let truncated = false;
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
  return {
    console: {
      log: (...a: unknown[]) => write(out, a),
      info: (...a: unknown[]) => write(out, a),
      warn: (...a: unknown[]) => write(err, a),
      error: (...a: unknown[]) => write(err, a),
    },
    /** What was written, `failure` (an error's line) added to stderr past the limit. */
    report: (failure = '') => ({ stdout: out.join(''), stderr: err.join('') + failure, truncated }),
  };
}

/** `evaluate(fn, arg)` sends the function's source; a string is an expression, or a body when it is not one. */
function sandboxEvaluateSpec(fn: unknown, arg?: unknown) {
  if (typeof fn === 'function') return { fn: String(fn), arg };
  const text = String(fn);
  try {
    new Function(`return (${text}\n)`);
    return { expression: text };
  } catch {
    return { expression: `(async () => {\n${text}\n})()` };
  }
}

/** Responses come back as `{ status, url }`; users call `.status()`, `.url()`, `.ok()` on them. */
function sandboxResponse(value: unknown): unknown {
  const wire = value as { status?: unknown; url?: unknown } | null;
  if (!wire || typeof wire.status !== 'number') return value;
  const status = wire.status;
  const url = String(wire.url);
  return {
    status: () => status,
    url: () => url,
    ok: () => status >= 200 && status < 300,
    toJSON: () => ({ status, url }),
  };
}

/** Calls by name (each a message to the parent) and the locator builders pages, frames and locators share. */
function sandboxLocators(call: Call, names: SandboxNames) {
  const { LOCATOR, GET_BY } = names;
  const methods = (object: Target, target: Target, list: string[]) => {
    for (const name of list) object[name] = (...args: unknown[]) => call(target, name, args);
    return object;
  };
  /** Builders shared by pages, frames, frame locators and locators: each returns a new locator one step longer. */
  const builders = (object: Target, base: Target, steps: unknown[]) => {
    object.locator = (selector: string, options?: unknown) =>
      locator(base, [...steps, { selector: String(selector), options }]);
    for (const kind of GET_BY)
      object[`getBy${kind}`] = (value: unknown, options?: unknown) =>
        locator(base, [...steps, { getBy: kind, value, options }]);
    object.frameLocator = (selector: string) => frameLocator(base, [...steps, { frameLocator: String(selector) }]);
    return object;
  };
  const frameLocator = (base: Target, steps: unknown[]): Target => {
    const object = builders({}, base, steps);
    object.first = () => frameLocator(base, [...steps, { nth: 0 }]);
    object.last = () => frameLocator(base, [...steps, { nth: -1 }]);
    object.nth = (index: number) => frameLocator(base, [...steps, { nth: Number(index) }]);
    return object;
  };
  const locator = (base: Target, steps: unknown[]): Target => {
    const target = { ...base, locator: steps };
    const object = builders(methods({}, target, LOCATOR), base, steps);
    object.nth = (index: number) => locator(base, [...steps, { nth: Number(index) }]);
    object.first = () => locator(base, [...steps, { nth: 0 }]);
    object.last = () => locator(base, [...steps, { nth: -1 }]);
    object.filter = (options: unknown) => locator(base, [...steps, { filter: options ?? {} }]);
    object.evaluate = (fn: unknown, arg?: unknown) => call(target, 'evaluate', [{ fn: String(fn), arg }]);
    object.evaluateAll = (fn: unknown, arg?: unknown) => call(target, 'evaluateAll', [{ fn: String(fn), arg }]);
    object.all = async () => {
      const count = Number(await call(target, 'count', []));
      return Array.from({ length: count }, (_v, i) => locator(base, [...steps, { nth: i }]));
    };
    return object;
  };
  return { methods, builders };
}

/** The `page` and `context` the user's code sees: every call routed to the parent by `{ page, frame, part }`. */
function sandboxPages(call: Call, stateOf: (page: number | undefined) => SandboxState, names: SandboxNames) {
  const { ACTIONS, PAGE_ACTIONS, KEYBOARD, MOUSE } = names;
  const { methods, builders } = sandboxLocators(call, names);
  /** A page or a frame of it: the same calls, routed by `{ page, frame }`. */
  const scope = (base: Target) => {
    const object = builders(methods({}, base, ACTIONS), base, []);
    object.evaluate = (fn: unknown, arg?: unknown) => call(base, 'evaluate', [sandboxEvaluateSpec(fn, arg)]);
    object.$eval = (selector: string, fn: unknown, arg?: unknown) =>
      call(base, '$eval', [String(selector), { fn: String(fn), arg }]);
    object.$$eval = (selector: string, fn: unknown, arg?: unknown) =>
      call(base, '$$eval', [String(selector), { fn: String(fn), arg }]);
    object.waitForFunction = (fn: unknown, arg?: unknown, options?: unknown) =>
      call(base, 'waitForFunction', [sandboxEvaluateSpec(fn, arg), options]);
    return object;
  };
  const makePage = (index: number | undefined): Target => {
    const base: Target = index === undefined ? {} : { page: index };
    const object = methods(scope(base), base, PAGE_ACTIONS);
    for (const name of ['goto', 'reload', 'goBack', 'goForward', 'waitForResponse', 'waitForNavigation']) {
      object[name] = async (...args: unknown[]) => sandboxResponse(await call(base, name, args));
    }
    object.waitForRequest = async (...args: unknown[]) => {
      const url = String(((await call(base, 'waitForRequest', args)) as { url?: unknown } | null)?.url ?? '');
      return { url: () => url, toJSON: () => ({ url }) };
    };
    object.url = () => stateOf(index).url;
    object.viewportSize = () => stateOf(index).viewport;
    object.isClosed = () => false;
    object.keyboard = methods({}, { ...base, part: 'keyboard' }, KEYBOARD);
    object.mouse = methods({}, { ...base, part: 'mouse' }, MOUSE);
    const frameAt = (i: number) => {
      const frame = scope({ ...base, frame: i });
      frame.url = () => stateOf(index).frames[i]?.url ?? '';
      frame.name = () => stateOf(index).frames[i]?.name ?? '';
      frame.page = () => object;
      return frame;
    };
    object.frames = () => stateOf(index).frames.map((_f, i) => frameAt(i));
    object.mainFrame = () => frameAt(0);
    object.frame = (ref: unknown) => {
      const want = typeof ref === 'string' ? { name: ref } : ((ref ?? {}) as { name?: string; url?: string });
      const i = stateOf(index).frames.findIndex(
        (f) => (want.name === undefined || f.name === want.name) && (want.url === undefined || f.url === want.url),
      );
      return i < 0 ? null : frameAt(i);
    };
    object.context = () => context;
    return object;
  };
  const page = makePage(undefined);
  const context: Target = methods({}, { part: 'context' }, ['cookies']);
  context.pages = () => Array.from({ length: stateOf(undefined).pages }, (_v, i) => makePage(i));
  return { page, context };
}

/** Runs the user's code in the vm context and says how it ended: its result as JSON, or the error's line. */
function sandboxRun(
  vm: typeof import('node:vm'),
  sandbox: import('node:vm').Context,
  code: string,
  output: ReturnType<typeof sandboxConsole>,
  send: (message: unknown) => void,
): void {
  const run = async () => {
    // An expression (`await page.title()`) is its own result; otherwise a body whose `return` is the result.
    let script: import('node:vm').Script;
    try {
      script = new vm.Script(`(async () => (\n${code}\n))()`, { filename: 'interact.js' });
    } catch {
      script = new vm.Script(`(async () => {\n${code}\n})()`, { filename: 'interact.js' });
    }
    return script.runInContext(sandbox);
  };
  Promise.resolve()
    .then(run)
    .then(
      (value) => {
        let result: unknown = value;
        try {
          result = value === undefined ? null : JSON.parse(JSON.stringify(value));
        } catch {
          result = String(value);
        }
        send({ type: 'done', result, ...output.report() });
      },
      (error: unknown) => {
        const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        send({ type: 'done', error: text, ...output.report(text + '\n') });
      },
    );
}

/**
 * The program of the sandbox process, passed to `node -e` (so the process needs no file-system read at all). It runs
 * the user's code in a fresh `vm` context holding only `page`, `context`, `console` and timers; every page call is a
 * line of JSON to the parent over descriptor 3 (the only channel out), which decides what is allowed. The vm context
 * is not the boundary (its escapes reach this process); the process is: its own namespaces and uid, no env, no file
 * system, no network, kernel limits, killed at its deadline (see sandboxIsolation.ts and docs/sandbox.md).
 */
function sandboxMain(names: SandboxNames): void {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const vm = require('node:vm') as typeof import('node:vm');
  const net = require('node:net') as typeof import('node:net');
  const channel = new net.Socket({ fd: 3, readable: true, writable: true });
  const send = (message: unknown) => channel.write(JSON.stringify(message) + '\n');
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  let nextId = 0;
  const states = new Map<string, SandboxState>();
  const stateOf = (page: number | undefined): SandboxState =>
    states.get(String(page ?? 'session')) ?? {
      url: 'about:blank',
      pages: 1,
      frames: [{ name: '', url: 'about:blank' }],
      viewport: null,
    };
  const call: Call = (target, method, args) =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve, reject });
      send({ type: 'call', id, target, method, args: sandboxWire(args) });
    });
  const output = sandboxConsole();
  const { page, context } = sandboxPages(call, stateOf, names);
  const sandbox = vm.createContext({ page, context, console: output.console, setTimeout, clearTimeout });
  const onMessage = (message: SandboxMessage) => {
    if (message.state) states.set(String(message.page ?? 'session'), message.state);
    if (message.type === 'reply') {
      const entry = pending.get(message.id!);
      pending.delete(message.id!);
      if (message.error !== undefined) entry?.reject(new Error(message.error));
      else entry?.resolve(message.value);
      return;
    }
    if (message.type === 'run') sandboxRun(vm, sandbox, message.code!, output, send);
  };
  let buffered = '';
  channel.setEncoding('utf8');
  channel.on('data', (chunk: string) => {
    buffered += chunk;
    let newline: number;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      onMessage(JSON.parse(line));
    }
  });
  send({ type: 'ready' });
}

const SANDBOX_FUNCTIONS = [
  sandboxWire,
  sandboxConsole,
  sandboxEvaluateSpec,
  sandboxResponse,
  sandboxLocators,
  sandboxPages,
  sandboxRun,
  sandboxMain,
];

export const SANDBOX_CHILD_SOURCE =
  `${SANDBOX_FUNCTIONS.map(String).join('\n')}\n` + `sandboxMain(${JSON.stringify(SANDBOX_NAMES)});`;

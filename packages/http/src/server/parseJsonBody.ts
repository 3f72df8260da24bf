import { errors, type ScrapeError } from '@scrape/scraper';

/**
 * Parses a JSON request body and refuses the keys that can rewrite a prototype: `__proto__`, and `constructor`
 * holding `prototype` (prototype poisoning). `JSON.parse` keeps them as plain own keys, but a later
 * `Object.assign` or deep merge of the value would set an object's prototype from them, so the body is refused
 * whole, as Fastify's own parser does. Unlike Fastify's parser (which answers every failure "Body is not valid
 * JSON") the 400 says what is wrong: the syntax error and its position, or the forbidden key and where it is.
 */
export function parseJsonBody(text: string): unknown {
  // A byte-order mark before the JSON is no error (as in Fastify's parser): editors on Windows write one.
  const json = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (json.length === 0) throw emptyBody();
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw invalidJson(error instanceof Error ? error.message : String(error));
  }
  // The walk below is needed only when the text can spell a forbidden key: by name, or hidden behind a \u escape.
  if (json.includes('__proto__') || json.includes('constructor') || json.includes('\\u')) {
    const path = forbiddenKeyPath(value);
    if (path !== undefined) throw forbiddenKey(path);
  }
  return value;
}

/** One step of the walk: a value and how it was reached (a linked path, so deep nesting copies no arrays). */
interface Step {
  value: unknown;
  key: string | number;
  parent: Step | undefined;
}

/** The path of the first forbidden key in `root` (breadth first, without recursion: depth is the client's). */
function forbiddenKeyPath(root: unknown): (string | number)[] | undefined {
  const queue: Step[] = [{ value: root, key: '', parent: undefined }];
  for (let i = 0; i < queue.length; i++) {
    const step = queue[i];
    const node = step.value;
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index++) queue.push({ value: node[index], key: index, parent: step });
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    for (const [key, value] of Object.entries(node)) {
      if (key === '__proto__') return pathOf({ value, key, parent: step });
      if (key === 'constructor' && value !== null && typeof value === 'object' && Object.hasOwn(value, 'prototype'))
        return pathOf({ value: undefined, key: 'prototype', parent: { value, key, parent: step } });
      queue.push({ value, key, parent: step });
    }
  }
  return undefined;
}

function pathOf(step: Step): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Step | undefined = step; at?.parent !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

/** `['mobile', 0, 'a', '__proto__']` → `mobile[0].a.__proto__` (as validation messages name fields). */
function pathText(path: readonly (string | number)[]): string {
  return path.reduce<string>(
    (out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${part}` : part),
    '',
  );
}

/** How much of a deep path the answer names: its end, where the key is (a client can nest 10 MB deep). */
const PATH_PARTS_SHOWN = 16;

function forbiddenKey(fullPath: (string | number)[]): ScrapeError {
  const path = fullPath.length > PATH_PARTS_SHOWN ? ['…', ...fullPath.slice(-PATH_PARTS_SHOWN)] : fullPath;
  const key = fullPath[fullPath.length - 1] === 'prototype' ? '"constructor" holding "prototype"' : '"__proto__"';
  const message =
    `${pathText(path)}: the key ${key} is not allowed (it could rewrite an object's prototype); ` +
    'remove it from the body';
  return errors.badRequest(
    `Bad Request: ${message}`,
    [{ code: 'forbidden_key', path, message: `The key ${key} is not allowed` }],
    'BAD_REQUEST_FORBIDDEN_KEY',
  );
}

function invalidJson(reason: string): ScrapeError {
  return errors.badRequest(
    'Bad Request',
    { message: `The body is not valid JSON: ${reason}` },
    'BAD_REQUEST_INVALID_JSON',
  );
}

function emptyBody(): ScrapeError {
  return errors.badRequest(
    'Bad Request',
    { message: 'The body is empty; send a JSON object such as {"url":"https://example.com"}.' },
    'BAD_REQUEST_INVALID_JSON',
  );
}

import type { SessionPage } from '@scrape/browser';
import type { LoopTool } from '../llm/runToolLoop.js';
import type { SsrfOptions } from '../ssrf/addressPolicy.js';
import { portOf } from '../ssrf/createAllowRequest.js';
import { resolveAllowedAddresses } from '../ssrf/resolveAllowedAddresses.js';

/** Text a read hands the model: a screenful or two; it can read a narrower selector for more. */
const READ_TEXT_CHARS = 6_000;
const MAX_SELECTOR_CHARS = 1_000;
const MAX_TYPED_CHARS = 10_000;
/** Screenshots a prompt may take (each is returned to the client as base64). */
export const MAX_PROMPT_SCREENSHOTS = 3;

/** One thing the model did to the page, as the response reports it. */
export interface PageAction {
  tool: string;
  args: Record<string, unknown>;
  ok: boolean;
  /** What the tool told the model (clipped). */
  result: string;
}

export interface PageToolsOptions {
  page: SessionPage['page'];
  ssrf: SsrfOptions;
  /** Budget of one page operation (navigation, click, read), ms. */
  stepTimeoutMs: number;
  /** Where screenshots go (base64 PNG). */
  screenshots: string[];
}

function stringArg(args: Record<string, unknown>, name: string, max: number, required = true): string | undefined {
  const value = args[name];
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string' || value.length === 0) throw new Error(`"${name}" must be a non-empty string`);
  if (value.length > max) throw new Error(`"${name}" is longer than ${max} characters`);
  return value;
}

/**
 * The tools a prompt drives a session page with: navigate (http/https only, SSRF-checked here before the page's own
 * request guard checks every request again), click, type, read_text and screenshot. Selectors are Playwright
 * selectors (CSS, `text=`, XPath): data, never code, and each operation is bounded by stepTimeoutMs.
 */
export function createPageTools(options: PageToolsOptions): LoopTool[] {
  const { page, ssrf, stepTimeoutMs } = options;
  const selector = {
    type: 'string',
    description: 'A Playwright selector: CSS (#id, .class, button[type=submit]) or text="Visible text".',
  };
  return [
    {
      definition: {
        name: 'navigate',
        description: 'Open a URL (http or https) in the page and wait for it to load. Returns the final URL and title.',
        parameters: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] },
      },
      async run(args) {
        const raw = stringArg(args, 'url', 4_000)!;
        let url: URL;
        try {
          url = new URL(raw, page.url() === 'about:blank' ? undefined : page.url());
        } catch {
          throw new Error(`"${raw}" is not a URL`);
        }
        if (url.protocol !== 'http:' && url.protocol !== 'https:')
          throw new Error('only http and https URLs can be opened');
        if (!ssrf.allowPrivateUrls) await resolveAllowedAddresses(url.hostname, portOf(url), ssrf, url.href);
        const response = await page.goto(url.href, { timeout: stepTimeoutMs, waitUntil: 'load' });
        return `opened ${page.url()} (status ${response?.status() ?? 'unknown'}), title: ${JSON.stringify(
          await page.title(),
        )}`;
      },
    },
    {
      definition: {
        name: 'click',
        description: 'Click the first element matching a selector.',
        parameters: { type: 'object', properties: { selector }, required: ['selector'] },
      },
      async run(args) {
        const target = stringArg(args, 'selector', MAX_SELECTOR_CHARS)!;
        await page.locator(target).first().click({ timeout: stepTimeoutMs });
        // A click may navigate or re-render; settle briefly so the next read sees the result.
        await page.waitForLoadState('load', { timeout: stepTimeoutMs }).catch(() => {});
        return `clicked ${target}; the page is now ${page.url()}`;
      },
    },
    {
      definition: {
        name: 'type',
        description:
          'Fill an input or textarea matching a selector with text (replacing its value); submit: true presses Enter ' +
          'after.',
        parameters: {
          type: 'object',
          properties: { selector, text: { type: 'string' }, submit: { type: 'boolean' } },
          required: ['selector', 'text'],
        },
      },
      async run(args) {
        const target = stringArg(args, 'selector', MAX_SELECTOR_CHARS)!;
        const text = typeof args.text === 'string' && args.text.length <= MAX_TYPED_CHARS ? args.text : undefined;
        if (text === undefined) throw new Error(`"text" must be a string of at most ${MAX_TYPED_CHARS} characters`);
        const field = page.locator(target).first();
        await field.fill(text, { timeout: stepTimeoutMs });
        if (args.submit === true) {
          await field.press('Enter', { timeout: stepTimeoutMs });
          await page.waitForLoadState('load', { timeout: stepTimeoutMs }).catch(() => {});
        }
        return `typed ${text.length} characters into ${target}${args.submit === true ? ' and pressed Enter' : ''}`;
      },
    },
    {
      definition: {
        name: 'read_text',
        description: 'Read the visible text of the page, or of the first element matching a selector.',
        parameters: { type: 'object', properties: { selector } },
      },
      async run(args) {
        const target = stringArg(args, 'selector', MAX_SELECTOR_CHARS, false) ?? 'body';
        const text = (await page.locator(target).first().innerText({ timeout: stepTimeoutMs }))
          .replace(/\n{3,}/g, '\n\n')
          .trim();
        const cut =
          text.length > READ_TEXT_CHARS
            ? `${text.slice(0, READ_TEXT_CHARS)}\n[cut: ${
                text.length - READ_TEXT_CHARS
              } more characters; read a narrower selector]`
            : text;
        return `${page.url()} — ${JSON.stringify(await page.title())}\n${cut}`;
      },
    },
    {
      definition: {
        name: 'screenshot',
        description:
          'Take a screenshot of the visible page for the user (you cannot see it; read_text tells you what is there).',
        parameters: { type: 'object', properties: {} },
      },
      async run() {
        if (options.screenshots.length >= MAX_PROMPT_SCREENSHOTS)
          throw new Error(`at most ${MAX_PROMPT_SCREENSHOTS} screenshots per prompt`);
        const png = await page.screenshot({ type: 'png', timeout: stepTimeoutMs });
        options.screenshots.push(png.toString('base64'));
        return `screenshot ${options.screenshots.length} taken (${
          png.length
        } bytes PNG of ${page.url()}); it is returned to the user`;
      },
    },
  ];
}

import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { filterCompactRules } from '@duckduckgo/autoconsent';
import type { Frame } from 'playwright-core';

// autoconsent's side of the conversation: its Playwright content script, its configuration, and the bundled compact
// rules filtered per frame URL (cached), delivered into a frame as JSON text.

const require = createRequire(import.meta.url);
// The package's exports map hides dist/, so we locate the Playwright build next to its resolvable ESM entry.
const CONTENT_SCRIPT_PATH = fileURLToPath(
  new URL('./autoconsent.playwright.js', import.meta.resolve('@duckduckgo/autoconsent')),
);

let contentScript: string | undefined;
let compactRules: Parameters<typeof filterCompactRules>[0] | undefined;

export function assets(): { script: string; rules: NonNullable<typeof compactRules> } {
  contentScript ??= readFileSync(CONTENT_SCRIPT_PATH, 'utf8');
  compactRules ??= require('@duckduckgo/autoconsent/rules/compact-rules.json');
  return { script: contentScript, rules: compactRules! };
}

const AUTOCONSENT_CONFIG = {
  enabled: true,
  autoAction: 'optOut',
  disabledCmps: [],
  // Prehiding only hides banners with CSS; the markup would stay in the HTML we return, so we let opt-out remove it.
  enablePrehide: false,
  enableCosmeticRules: true,
  enableGeneratedRules: true,
  // Generic heuristics click buttons by text; on arbitrary pages that risks side effects, so only known CMPs run.
  enableHeuristicDetection: false,
  detectRetries: 20,
  isMainWorld: false,
  visualTest: false,
  logs: {
    lifecycle: false,
    rulesteps: false,
    detectionsteps: false,
    evals: false,
    errors: false,
    messages: false,
    waits: false,
  },
} as const;

/** Filtered rule sets per URL origin and frame kind; filtering the bundle costs a few ms and the JSON ~65 KB. */
const RULES_CACHE_SIZE = 256;
const rulesCache = new Map<string, string>();

export function rulesJsonFor(url: string, mainFrame: boolean): string {
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    origin = url;
  }
  // Rules match on the URL; keying by origin would miss path-scoped rules, so the full URL without query is used.
  const key = `${mainFrame ? 'm' : 'f'}:${origin}${url.split(/[?#]/)[0].slice(origin.length)}`;
  let json = rulesCache.get(key);
  if (json === undefined) {
    const { rules } = assets();
    json = JSON.stringify({
      type: 'initResp',
      config: AUTOCONSENT_CONFIG,
      rules: { compact: filterCompactRules(rules, { url, mainFrame }) },
    });
    if (rulesCache.size >= RULES_CACHE_SIZE) rulesCache.delete(rulesCache.keys().next().value!);
    rulesCache.set(key, json);
  }
  return json;
}

export function deliver(frame: Frame, json: string): Promise<void> {
  // A JSON string crosses the protocol much faster than the same object through Playwright's serializer.
  return frame.evaluate(
    (text) =>
      (window as unknown as { autoconsentReceiveMessage(m: unknown): Promise<void> }).autoconsentReceiveMessage(
        JSON.parse(text),
      ),
    json,
  );
}

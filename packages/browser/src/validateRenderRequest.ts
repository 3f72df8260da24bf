import { BrowserError } from './BrowserError.js';
import type { Action, RenderRequest, Viewport } from './types.js';

type WaitAction = Extract<Action, { type: 'wait' }>;
type PdfAction = Extract<Action, { type: 'pdf' }>;

/** More actions than this is a script, not a scrape: the spec points such work to Interact. */
export const MAX_ACTIONS = 50;
/** Sum of `wait` milliseconds plus `waitFor`; longer sleeps only hold a browser slot. */
export const MAX_TOTAL_WAIT_MS = 60_000;
/** Largest viewport side we lay out (CSS px); bigger screenshots exhaust Chromium's texture limits. */
export const MAX_VIEWPORT_SIDE = 7680;
/** Chromium's printToPDF accepts scales in this range. */
const PDF_SCALE_RANGE = [0.1, 2] as const;
const PDF_FORMATS = new Set(['A0', 'A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'Letter', 'Legal', 'Tabloid', 'Ledger']);
const TIMEOUT_RANGE = [1, 300_000] as const;

function invalid(message: string, details: Record<string, unknown> = {}): BrowserError {
  return new BrowserError('invalid_request', message, details);
}

function checkViewport(viewport: Viewport | undefined, where: string, details: Record<string, unknown>): void {
  if (viewport === undefined) return;
  for (const side of ['width', 'height'] as const) {
    const v = viewport[side];
    if (!Number.isInteger(v) || v < 1 || v > MAX_VIEWPORT_SIDE) {
      throw invalid(`${where}: viewport.${side} must be an integer from 1 to ${MAX_VIEWPORT_SIDE}`, details);
    }
  }
}

function checkQuality(quality: number | undefined, where: string, details: Record<string, unknown>): void {
  if (quality !== undefined && (!Number.isInteger(quality) || quality < 1 || quality > 100)) {
    throw invalid(`${where}: quality must be an integer from 1 to 100`, details);
  }
}

/** A wait action: exactly one of a positive integer of milliseconds or a non-empty selector; returns its sleep. */
function checkWait(action: WaitAction, where: string, details: Record<string, unknown>): number {
  const hasMs = action.milliseconds !== undefined;
  const hasSelector = action.selector !== undefined;
  if (hasMs === hasSelector) throw invalid(`${where}: give exactly one of milliseconds or selector`, details);
  if (hasMs && (!Number.isInteger(action.milliseconds) || action.milliseconds! < 1)) {
    throw invalid(`${where}: milliseconds must be an integer of at least 1`, details);
  }
  if (hasSelector && (typeof action.selector !== 'string' || action.selector.length === 0)) {
    throw invalid(`${where}: selector must be a non-empty string`, details);
  }
  return action.milliseconds ?? 0;
}

/** A pdf action: a paper format Chromium knows and a scale within printToPDF's range. */
function checkPdf(action: PdfAction, where: string, details: Record<string, unknown>): void {
  if (action.format !== undefined && !PDF_FORMATS.has(action.format))
    throw invalid(`${where}: unknown format ${action.format}`, details);
  if (action.scale !== undefined && !(action.scale >= PDF_SCALE_RANGE[0] && action.scale <= PDF_SCALE_RANGE[1])) {
    throw invalid(`${where}: scale must be between ${PDF_SCALE_RANGE[0]} and ${PDF_SCALE_RANGE[1]}`, details);
  }
}

function checkAction(action: Action, index: number): number {
  const details = { actionIndex: index, actionType: action?.type };
  const where = `action ${index} (${action?.type})`;
  switch (action?.type) {
    case 'wait':
      return checkWait(action, where, details);
    case 'click':
      if (typeof action.selector !== 'string' || action.selector.length === 0)
        throw invalid(`${where}: selector is required`, details);
      return 0;
    case 'write':
      if (typeof action.text !== 'string') throw invalid(`${where}: text is required`, details);
      return 0;
    case 'press':
      if (typeof action.key !== 'string' || action.key.length === 0)
        throw invalid(`${where}: key is required`, details);
      return 0;
    case 'scroll':
      if (action.direction !== undefined && action.direction !== 'up' && action.direction !== 'down') {
        throw invalid(`${where}: direction must be "up" or "down"`, details);
      }
      return 0;
    case 'scrape':
      return 0;
    case 'executeJavascript':
      if (typeof action.script !== 'string') throw invalid(`${where}: script is required`, details);
      return 0;
    case 'screenshot':
      checkQuality(action.quality, where, details);
      checkViewport(action.viewport, where, details);
      return 0;
    case 'pdf':
      checkPdf(action, where, details);
      return 0;
    default:
      throw invalid(`${where}: unknown action type`, details);
  }
}

/** Rejects a request breaking a cap before any browser work is spent on it. */
export function validateRenderRequest(request: RenderRequest): void {
  let parsed: URL;
  try {
    parsed = new URL(request.url);
  } catch {
    throw invalid(`url is not a valid absolute URL: ${request.url}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw invalid(`url must be http(s), got ${parsed.protocol}`);
  if (!Number.isFinite(request.timeout) || request.timeout < TIMEOUT_RANGE[0] || request.timeout > TIMEOUT_RANGE[1]) {
    throw invalid(`timeout must be between ${TIMEOUT_RANGE[0]} and ${TIMEOUT_RANGE[1]} ms`);
  }
  const waitFor = request.waitFor ?? 0;
  if (!Number.isFinite(waitFor) || waitFor < 0) throw invalid('waitFor must be a non-negative number of milliseconds');
  if (request.location !== undefined && !/^[A-Z]{2}$/.test(request.location.country ?? '')) {
    throw invalid('location.country must be an ISO 3166-1 alpha-2 code such as "US"');
  }
  if (request.screenshot) {
    checkQuality(request.screenshot.quality, 'screenshot', {});
    checkViewport(request.screenshot.viewport, 'screenshot', {});
  }
  const actions = request.actions ?? [];
  if (!Array.isArray(actions)) throw invalid('actions must be an array');
  if (actions.length > MAX_ACTIONS)
    throw invalid(`too many actions: ${actions.length} (at most ${MAX_ACTIONS})`, { count: actions.length });
  let totalWait = waitFor;
  actions.forEach((action, index) => {
    totalWait += checkAction(action, index);
  });
  if (totalWait > MAX_TOTAL_WAIT_MS) {
    throw invalid(`total wait of ${totalWait} ms (waitFor plus wait actions) exceeds ${MAX_TOTAL_WAIT_MS} ms`, {
      totalWait,
    });
  }
}

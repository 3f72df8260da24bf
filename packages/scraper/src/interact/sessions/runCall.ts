import { runSandboxedCode, sandboxUnavailableReason } from '@scrape/browser';
import { errors, ScrapeError } from '../../errors.js';
import { isLlmError } from '../../llm/LlmError.js';
import type { InteractResponse } from '../interactTypes.js';
import type { InteractRequest } from '../parseInteractRequest.js';
import { runPagePrompt } from '../runPagePrompt.js';
import { CREDITS_EXHAUSTED, type Session, type SessionsContext } from './sessionContext.js';
import { armIdle } from './sessionLifecycle.js';

// One call on a live session: user code in the sandbox, or a prompt the model carries out on the page.

/** A prompt needs the model: refused before any session is opened for it. */
export function checkPrompt(ctx: SessionsContext, request: InteractRequest): void {
  const { llm } = ctx;
  if (request.prompt === undefined || llm.client) return;
  throw errors.badRequest(
    `prompt needs an OpenAI-compatible LLM server, and none is configured: set ${llm.missing.join(' and ')} (and ` +
      `SCRAPE_LLM_API_KEY if the server wants one), or send Playwright \`code\` instead`,
    { options: ['prompt'], missing: llm.missing },
    'SCRAPE_LLM_NOT_CONFIGURED',
  );
}

/** Code runs only where the sandbox can isolate it (a prompt runs no user code). */
export function checkSandbox(ctx: SessionsContext, request: InteractRequest): void {
  if (request.code === undefined) return;
  const missing = sandboxUnavailableReason(ctx.sandboxBwrapPath);
  if (missing !== undefined) throw sandboxUnavailable(missing);
}

/** One call on a live session; calls of a session run one after another (they share one page). */
export async function run(ctx: SessionsContext, live: Session, request: InteractRequest): Promise<InteractResponse> {
  // A running call is not idleness: the idle clock restarts when it returns.
  clearTimeout(live.idleTimer);
  const call = live.queue.then(async () => {
    if (live.endReason === CREDITS_EXHAUSTED) throw errors.paymentRequired();
    if (live.ending)
      throw errors.notFound('Interact session not found: it was stopped or expired', 'INTERACT_SESSION_NOT_FOUND');
    live.page.page.setDefaultTimeout(request.timeoutMs);
    if (request.prompt !== undefined) return { prompt: await prompted(ctx, live, request.prompt, request.timeoutMs) };
    const sandbox = { language: request.language, bwrapPath: ctx.sandboxBwrapPath };
    const { page, context } = live.page;
    return { code: await runSandboxedCode(request.code, page, context, request.timeoutMs, sandbox) };
  });
  live.queue = call.catch(() => {});
  let ran: Awaited<typeof call>;
  try {
    ran = await call;
  } finally {
    live.lastUsedAt = Date.now();
    if (!live.ending) armIdle(ctx, live);
  }
  // The session ran out of paid time while the call ran (its page was closed under it): answered as unpaid.
  if (live.endReason === CREDITS_EXHAUSTED) throw errors.paymentRequired();
  if (ran.prompt) return ran.prompt;
  const outcome = ran.code!;
  if (outcome.unavailable !== undefined) throw sandboxUnavailable(outcome.unavailable);
  // `result` is a string as the SDK types it; `output` falls back to it so `output ?? result` readers see the value.
  const result = resultText(outcome.result);
  return {
    success: outcome.error === undefined,
    sessionId: live.id,
    result,
    output: outcome.stdout !== '' ? outcome.stdout : (result ?? ''),
    stdout: outcome.stdout,
    stderr: outcome.stderr,
    exitCode: outcome.exitCode,
    killed: outcome.killed,
    truncated: outcome.truncated,
    ...(outcome.error === undefined ? {} : { error: outcome.error }),
  };
}

export async function prompted(
  ctx: SessionsContext,
  live: Session,
  prompt: string,
  timeoutMs: number,
): Promise<InteractResponse> {
  const { settings, ssrf, llm } = ctx;
  let result: Awaited<ReturnType<typeof runPagePrompt>>;
  try {
    result = await runPagePrompt({
      client: llm.client!,
      prompt,
      page: live.page.page,
      ssrf,
      maxSteps: settings.promptMaxSteps,
      timeoutMs,
    });
  } catch (error) {
    if (isLlmError(error))
      throw errors.badGateway(
        'The model server failed while carrying out the prompt',
        { reason: error.message, kind: error.kind },
        'INTERACT_LLM_FAILED',
      );
    throw error;
  }
  const log = result.actions.map((a) => `${a.ok ? '' : 'failed: '}${a.tool} ${JSON.stringify(a.args)}\n`).join('');
  const base = {
    sessionId: live.id,
    stdout: log,
    stderr: '',
    truncated: false,
    actions: result.actions,
    ...(result.screenshots.length > 0 ? { screenshots: result.screenshots } : {}),
  };
  if (result.outcome === 'answered')
    return {
      success: true,
      ...base,
      result: result.answer ?? null,
      output: result.answer ?? '',
      exitCode: 0,
      killed: false,
    };
  const timedOut = result.outcome === 'timeout';
  const error = timedOut
    ? `The prompt did not finish within ${Math.round(timeoutMs / 1000)} s (${result.actions.length} actions ` +
      `taken); send a larger timeout or a smaller task`
    : `The model did not finish within ${settings.promptMaxSteps} steps (${result.actions.length} actions taken); ` +
      `split the task into smaller prompts`;
  return {
    success: false,
    ...base,
    result: null,
    output: '',
    exitCode: timedOut ? 137 : 1,
    killed: timedOut,
    error,
    code: timedOut ? 'INTERACT_PROMPT_TIMEOUT' : 'INTERACT_PROMPT_STEP_LIMIT',
  };
}

/** The SDK types `result` as a string: strings pass as they are, other values as JSON, no value as null. */
function resultText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Fail closed: without the isolation no user code runs; the answer names what the host lacks. */
function sandboxUnavailable(missing: string) {
  return new ScrapeError({
    status: 503,
    error: `Interact is unavailable: the code sandbox cannot isolate user code on this host (missing: ${missing})`,
    code: 'INTERACT_SANDBOX_UNAVAILABLE',
    details: { missing },
  });
}

import { randomUUID } from 'node:crypto';
import { errors } from '@scrape/scraper';
import { parseAgentRequest, type WebhookConfig } from '@scrape/scraper/internal';
import type { Account } from '../accounts/account.js';
import { type AgentParams, type AgentRunsContext, teamOf } from './agentRunsContext.js';

/** Account feature marking a team whose zero data retention is enforced: agent runs keep traces, so they refuse it. */
export const FEATURE_ENFORCED_ZDR = 'enforcedZeroDataRetention';
const ZDR_REFUSED = 'Your team has zero data retention enabled. This is not supported on extract.';
/** The model name reported when the client named none (the run uses whatever SCRAPE_LLM_MODEL names). */
const DEFAULT_MODEL_NAME = 'spark-1-pro';

/** The stored parameters of a new run: the request's fields that are set, the model, whom to bill, the webhook. */
function agentParams(
  request: ReturnType<typeof parseAgentRequest>,
  body: unknown,
  billTo: string | undefined,
): AgentParams {
  return {
    prompt: request.prompt,
    ...(request.urls ? { urls: request.urls } : {}),
    ...(request.schema ? { schema: request.schema } : {}),
    ...(request.maxCredits !== undefined ? { maxCredits: request.maxCredits } : {}),
    ...(request.strictConstrainToURLs !== undefined ? { strictConstrainToURLs: request.strictConstrainToURLs } : {}),
    model: request.model ?? DEFAULT_MODEL_NAME,
    ...(request.effort ? { effort: request.effort } : {}),
    ...(typeof (body as { origin?: unknown }).origin === 'string'
      ? { origin: (body as { origin: string }).origin }
      : {}),
    ...(billTo !== undefined ? { billTo } : {}),
    ...(request.webhook ? { webhook: request.webhook } : {}),
  };
}

/**
 * `POST /v2/agent`: checks the team may run agents (no enforced ZDR, a model configured, credits left, a webhook
 * that passes the SSRF guard) and queues the run as a job of one item.
 */
export async function startAgentRun(
  ctx: AgentRunsContext,
  body: unknown,
  account: Account | null,
  team: string | undefined,
): Promise<{ success: true; id: string }> {
  const { options, setup, webhooks } = ctx;
  if (account?.features.includes(FEATURE_ENFORCED_ZDR))
    throw errors.badRequest(ZDR_REFUSED, undefined, 'AGENT_ZDR_UNSUPPORTED');
  const request = parseAgentRequest(body);
  if (!setup.ok) {
    throw errors.badRequest(
      `agent runs need an OpenAI-compatible LLM server, and none is configured: set ${setup.missing.join(
        ' and ',
      )} (and SCRAPE_LLM_API_KEY if the server wants one)`,
      { missing: setup.missing },
      'SCRAPE_LLM_NOT_CONFIGURED',
    );
  }
  if (request.webhook) await webhooks.check(request.webhook as unknown as WebhookConfig);
  const limited = options.accounts && account && !account.unlimitedCredits;
  if (limited && (await options.accounts!.store.balance(account.id)) <= 0) throw errors.paymentRequired();
  const params = agentParams(request, body, limited ? account.id : undefined);
  const store = await options.jobs();
  const id = randomUUID();
  await store.createJob({
    id,
    kind: 'agent',
    team: teamOf(team),
    params,
    items: [{ key: 'run' }],
    maxItems: 1,
    state: { trace: [] },
  });
  return { success: true, id };
}

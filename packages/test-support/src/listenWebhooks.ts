// A webhook endpoint on 127.0.0.1 for the tests of crawl, monitor, agent and metrics: it keeps every delivery as it
// arrived (headers, the raw body the signature is over, the parsed JSON) and answers 200, as a user's receiver does.
import { createHmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { listenLocal, type LocalServer } from './listenLocal.js';

export interface WebhookDelivery {
  headers: IncomingMessage['headers'];
  raw: string;
  /** The raw body parsed as JSON; undefined when it is not JSON (a test on the body then fails on its own terms). */
  body: any;
}

export interface WebhookReceiver extends LocalServer {
  /** Every delivery, in arrival order. */
  deliveries: WebhookDelivery[];
}

export async function listenWebhooks(): Promise<WebhookReceiver> {
  const deliveries: WebhookDelivery[] = [];
  const server = await listenLocal((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      deliveries.push({ headers: req.headers, raw, body: parseJson(raw) });
      res.writeHead(200).end('ok');
    });
  });
  return Object.assign(server, { deliveries });
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** The `x-firecrawl-signature` a delivery of `raw` must carry, computed here apart from the code under test. */
export function webhookSignature(secret: string, raw: string): string {
  return `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
}

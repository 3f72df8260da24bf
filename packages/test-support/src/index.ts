// Test helpers shared by the packages' test suites (vitest loads this TypeScript directly; nothing is built).
export { killTree } from './processTree.js';
export { listenLocal, listenPage, type LocalServer, type LocalHandler } from './listenLocal.js';
export { listenWebhooks, webhookSignature, type WebhookReceiver } from './listenWebhooks.js';
export { rejectionOf } from './rejectionOf.js';
export { runModuleScript, type ScriptRun } from './runModuleScript.js';
export { relayToLoopback } from './relayToLoopback.js';
export { waitFor } from './waitFor.js';
export { useCleanups, useStarted } from './useStarted.js';
export { dropRedisPrefix, redisCommand, redisReachable } from './redisCommand.js';
export { selfSignedCertificate, type Certificate } from './selfSignedCertificate.js';

/**
 * A credit app's trip to its provider, in one folder:
 * - hooks.ts: marking and queueing, the hooks the credit-app collection registers;
 * - holds.ts: reasons an app waits before it is sent (a missing credit-report authorization);
 * - task.ts: the job's task config, beside its handler, submit.ts (one attempt per job);
 * - send.ts: one HTTP attempt and what its answer means; adapters.ts: each provider's request;
 * - backoff.ts, config.ts (settings from the environment), pii.ts (what of an answer is kept).
 * The `req.context` flags it sets for credit data (`providerJob`, `revealForProvider`) are
 * declared with the others in src/context.ts.
 */
export { checkProviderSettings } from './config'
export { HOLD_STATUSES } from './holds'
export { markForProvider, queueForProvider, recheckHolds } from './hooks'
export { PROVIDER_QUEUE, SEND_TASK } from './submit'
export { sendCreditAppTask } from './task'

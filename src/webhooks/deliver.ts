/**
 * Sends due webhook deliveries: run by the job runner (src/jobs/runner.ts), so by one process at
 * a time, the one holding the runner lock, on each of its polls.
 *
 * - Due: pending, `nextAttemptAt` passed, its endpoint enabled, and no earlier pending delivery
 *   of the same record to the same endpoint (per-endpoint order by record).
 * - Signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`), the id
 *   the same on every attempt; while a rotated-out secret's grace lasts, signed with both.
 * - A 2xx is success. Anything else (status, timeout, refused target) is retried after
 *   base × 5^(attempt−1), capped, with jitter (a longer Retry-After wins, up to a day), up to
 *   WEBHOOK_MAX_ATTEMPTS; then the delivery is `failed` and the next one of its record may go.
 * - Each failed attempt counts against its endpoint; at WEBHOOK_DISABLE_AFTER_FAILURES in a row
 *   the endpoint is disabled with the reason, and a success resets the count.
 * Delivery is at least once: a process that dies mid-attempt leaves the delivery pending, and
 * whoever runs next sends it again with the same id.
 */
import crypto from 'node:crypto'
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'

import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { Webhook } from 'standardwebhooks'

import { adfOfEvent, adfSubject } from '@/adf/outbound'
import { drizzleOf } from '@/db/adapter'
import { isRecord } from '@/lib/isRecord'
import { logger } from '@/lib/logger'
import { retryAfterMs, retryDelayMs } from '@/lib/retry'
import { settings } from '@/lib/settings'

import { TEST_EVENT } from './events'
import { mailtoAddress } from './formats'
import { signingSecrets } from './secrets'
import { resolveTarget, type Target } from './target'

/** Deliveries in flight at once, per runner. */
const CONCURRENCY = 8
/** The most of a receiver's answer read (and then dropped). */
const MAX_ANSWER_BYTES = 64 * 1024
const USER_AGENT = 'commerce-service-webhooks/1'

type Outcome = { error?: string; retryAfterMs?: null | number; statusCode?: number }

/** A lookup that answers the address already checked: the connection goes nowhere else. */
const pinnedLookup =
  (target: Target): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }])
    else callback(null, target.address, target.family)
  }

const post = (target: Target, headers: Record<string, string>, body: string, timeoutMs: number) =>
  new Promise<Outcome>((resolve) => {
    const request = (target.url.protocol === 'https:' ? https : http).request(
      target.url,
      {
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(target),
        method: 'POST',
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        let read = 0
        response.on('data', (chunk: Buffer) => {
          read += chunk.length
          if (read > MAX_ANSWER_BYTES) response.destroy()
        })
        const settle = () =>
          resolve({
            retryAfterMs: retryAfterMs(response.headers['retry-after'] ?? null),
            statusCode: response.statusCode,
          })
        response.on('end', settle)
        response.on('close', settle)
        response.on('error', settle)
      },
    )
    request.on('error', (error) =>
      resolve({
        error: error.name === 'AbortError' ? `no answer within ${timeoutMs} ms` : error.message,
      }),
    )
    request.end(body)
  })

type Endpoint = Parameters<typeof signingSecrets>[0] & { format?: null | string; url: string }

/** The body of an attempt and its type: JSON, or for an `adf` endpoint a lead as ADF XML. */
const bodyOf = async (
  payload: Payload,
  event: unknown,
  endpoint: Endpoint,
): Promise<{ body: string; subject?: string; type: string }> => {
  const adf = endpoint.format === 'adf' ? await adfOfEvent(payload, event) : null
  if (!adf) return { body: JSON.stringify(event), type: 'application/json' }
  const type = isRecord(event) && typeof event.type === 'string' ? event.type : ''
  return { body: adf.xml, subject: adfSubject(type, adf.lead), type: 'application/xml' }
}

/**
 * An `adf` endpoint with a `mailto:` address: the event as an e-mail through SMTP_URL, its body
 * the ADF document as plain text (what CRMs read from a lead mailbox). Without SMTP_URL it fails
 * (and is retried), never counted as sent.
 */
const mail = async (
  payload: Payload,
  to: string,
  { body, subject }: { body: string; subject?: string },
  messageId: string,
): Promise<Outcome> => {
  if (!settings('email').SMTP_URL) return { error: 'no mail transport is configured (SMTP_URL)' }
  try {
    await payload.sendEmail({
      headers: { 'X-Webhook-Id': messageId },
      subject: subject ?? 'Webhook event',
      text: body,
      to,
    })
    return { statusCode: 250 }
  } catch (error) {
    return {
      error: `the mail server did not take the message: ${String(isRecord(error) ? error.message : error)}`,
    }
  }
}

/** Signs and sends one attempt (or mails it, to a `mailto:` address). */
const attempt = async (
  payload: Payload,
  delivery: { messageId: string; payload: unknown },
  endpoint: Endpoint,
): Promise<Outcome> => {
  try {
    const content = await bodyOf(payload, delivery.payload, endpoint)
    const address = mailtoAddress(endpoint.url)
    if (address !== null) return await mail(payload, address, content, delivery.messageId)
    const target = await resolveTarget(endpoint.url)
    const { body } = content
    const sentAt = new Date()
    const signature = signingSecrets(endpoint)
      .map((secret) => new Webhook(secret).sign(delivery.messageId, sentAt, body))
      .join(' ')
    return await post(
      target,
      {
        'content-type': content.type,
        'user-agent': USER_AGENT,
        'webhook-id': delivery.messageId,
        'webhook-signature': signature,
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      },
      body,
      settings('webhooks').WEBHOOK_TIMEOUT_MS,
    )
  } catch (error) {
    return { error: String(isRecord(error) ? error.message : error) }
  }
}

export type TestOutcome = {
  /** Whether the receiver answered 2xx. */
  delivered: boolean
  error: null | string
  latencyMs: number
  messageId: string
  statusCode: null | number
}

/**
 * One signed `webhook.test` event sent to an endpoint now, as a delivery's attempt is (the same
 * SSRF checks, signatures and timeout), whether the endpoint is enabled or not. It is not a
 * delivery: nothing is logged, retried or counted against the endpoint.
 */
export const sendTestEvent = async (
  payload: Payload,
  endpoint: Endpoint & { id: number },
): Promise<TestOutcome> => {
  const messageId = `msg_${crypto.randomUUID().replace(/-/g, '')}`
  const event = {
    data: { collection: 'webhook-endpoints', id: endpoint.id },
    timestamp: new Date().toISOString(),
    type: TEST_EVENT,
  }
  const started = performance.now()
  const outcome = await attempt(payload, { messageId, payload: event }, endpoint)
  const statusCode = outcome.statusCode ?? null
  return {
    delivered: statusCode !== null && statusCode >= 200 && statusCode < 300,
    error: outcome.error ?? null,
    latencyMs: Math.round(performance.now() - started),
    messageId,
    statusCode,
  }
}

const describe = (outcome: Outcome) =>
  outcome.statusCode ? `HTTP ${outcome.statusCode}` : (outcome.error ?? 'no answer')

/** Counts a failed attempt against the endpoint; disables it at the threshold. */
const countFailure = async (payload: Payload, endpointId: number | string, outcome: Outcome) => {
  const { rows } = await drizzleOf(payload).execute<{
    consecutive_failures: number
    enabled: boolean
  }>(sql`
    UPDATE webhook_endpoints SET consecutive_failures = coalesce(consecutive_failures, 0) + 1
     WHERE id = ${endpointId} RETURNING consecutive_failures, enabled`)
  const threshold = settings('webhooks').WEBHOOK_DISABLE_AFTER_FAILURES
  if (!rows[0]?.enabled || rows[0].consecutive_failures < threshold) return
  const disabledReason = `Disabled at ${new Date().toISOString()} after ${rows[0].consecutive_failures} failed attempts in a row; the last: ${describe(outcome)}.`
  await payload.update({
    collection: 'webhook-endpoints',
    context: { webhookSystem: { disabledReason } },
    data: { enabled: false },
    depth: 0,
    id: endpointId,
  })
  logger.warn({ endpoint: endpointId }, 'webhooks: endpoint disabled after repeated failures')
}

/** The longest a receiver's Retry-After may put the next attempt off. */
const MAX_RETRY_AFTER_MS = 24 * 3600_000

/** The wait before the next attempt: the backoff, or the receiver's Retry-After when longer. */
const retryWait = (attempts: number, outcome: Outcome) => {
  const { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_BASE_MS, WEBHOOK_RETRY_MAX_MS } = settings('webhooks')
  const backoff = retryDelayMs(
    attempts,
    {
      baseMs: WEBHOOK_RETRY_BASE_MS,
      factor: 5,
      maxAttempts: WEBHOOK_MAX_ATTEMPTS,
      maxDelayMs: WEBHOOK_RETRY_MAX_MS,
    },
    null,
  )
  return Math.max(backoff, Math.min(outcome.retryAfterMs ?? 0, MAX_RETRY_AFTER_MS))
}

/** One delivery's attempt, and what it leaves in the log. */
const deliver = async (payload: Payload, id: number | string): Promise<void> => {
  const delivery = await payload.findByID({ collection: 'webhook-deliveries', depth: 0, id })
  if (delivery.status !== 'pending') return
  const endpoint = await payload.findByID({
    collection: 'webhook-endpoints',
    depth: 0,
    // Read at depth 0: the relation is the endpoint's id.
    id: typeof delivery.endpoint === 'object' ? delivery.endpoint.id : delivery.endpoint,
    showHiddenFields: true,
  })
  if (!endpoint.enabled) return
  const started = performance.now()
  const outcome = await attempt(payload, delivery, endpoint)
  const attempts = (delivery.attempts ?? 0) + 1
  const now = new Date()
  const common = {
    attempts,
    lastAttemptAt: now.toISOString(),
    lastError: outcome.error ?? null,
    lastLatencyMs: Math.round(performance.now() - started),
    lastStatusCode: outcome.statusCode ?? null,
  }
  const succeeded =
    outcome.statusCode !== undefined && outcome.statusCode >= 200 && outcome.statusCode < 300
  const data = succeeded
    ? {
        ...common,
        deliveredAt: now.toISOString(),
        nextAttemptAt: null,
        status: 'succeeded' as const,
      }
    : attempts >= settings('webhooks').WEBHOOK_MAX_ATTEMPTS
      ? { ...common, nextAttemptAt: null, status: 'failed' as const }
      : {
          ...common,
          nextAttemptAt: new Date(now.getTime() + retryWait(attempts, outcome)).toISOString(),
        }
  await payload.update({ collection: 'webhook-deliveries', data, depth: 0, id })
  if (succeeded) {
    await drizzleOf(payload).execute(sql`
      UPDATE webhook_endpoints SET consecutive_failures = 0
       WHERE id = ${endpoint.id} AND consecutive_failures <> 0`)
  } else {
    await countFailure(payload, endpoint.id, outcome)
  }
}

/** Ids of the deliveries due now, in order, at most `limit`. */
const dueDeliveries = async (payload: Payload, limit: number) => {
  const { rows } = await drizzleOf(payload).execute<{ id: number }>(sql`
    SELECT d.id FROM webhook_deliveries d
      JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.enabled
     WHERE d.status = 'pending' AND d.next_attempt_at <= now()
       AND NOT EXISTS (
         SELECT 1 FROM webhook_deliveries earlier
          WHERE earlier.endpoint_id = d.endpoint_id AND earlier.record_key = d.record_key
            AND earlier.status = 'pending' AND earlier.id < d.id)
     ORDER BY d.next_attempt_at, d.id
     LIMIT ${limit}`)
  return rows.map(({ id }) => id)
}

export type WebhookDispatcher = {
  /** Starts the deliveries due now, without waiting for them. */
  poll: () => Promise<void>
  /** Resolves once the deliveries in flight have ended. */
  settle: () => Promise<void>
}

export const webhookDispatcher = (payload: Payload): WebhookDispatcher => {
  const inFlight = new Map<number | string, Promise<void>>()
  return {
    poll: async () => {
      if (inFlight.size >= CONCURRENCY) return
      for (const id of await dueDeliveries(payload, CONCURRENCY)) {
        if (inFlight.size >= CONCURRENCY || inFlight.has(id)) continue
        const run = deliver(payload, id)
          .catch((error) =>
            logger.error({ delivery: id, err: error }, 'webhooks: a delivery failed to run'),
          )
          .finally(() => inFlight.delete(id))
        inFlight.set(id, run)
      }
    },
    settle: async () => {
      await Promise.all(inFlight.values())
    },
  }
}

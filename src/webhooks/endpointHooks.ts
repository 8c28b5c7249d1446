import { sql } from '@payloadcms/db-postgres'
import type {
  CollectionAfterChangeHook,
  CollectionBeforeChangeHook,
  PayloadRequest,
  RequestContext,
} from 'payload'

import { transactionDb } from '@/db/transaction'

import type { WebhookEndpoint } from '../../payload-types'
import { newSecret, openSecret, PREVIOUS_SECRET_FIELD, sealSecret } from './secrets'

/** Fields only the service writes: whatever a caller sends for them is ignored. */
const SYSTEM_FIELDS = [
  'secret',
  'previousSecret',
  'previousSecretExpiresAt',
  'consecutiveFailures',
  'disabledReason',
] as const

/**
 * beforeChange of webhook endpoints: system fields keep their stored values (a create starts
 * them afresh and generates the secret); an endpoint turned on again starts counting failures
 * from zero; a service write sets what it says.
 */
export const guardEndpointFields: CollectionBeforeChangeHook<WebhookEndpoint> = async ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  const { context } = req
  const next: Record<string, unknown> = { ...data }
  for (const name of SYSTEM_FIELDS) next[name] = originalDoc?.[name] ?? null
  if (operation === 'create') {
    const secret = newSecret()
    context.webhookSecret = secret
    Object.assign(next, { consecutiveFailures: 0, secret: sealSecret(secret) })
  } else if (data.enabled === true && originalDoc?.enabled === false) {
    Object.assign(next, { consecutiveFailures: 0, disabledReason: null })
  }
  if (context.webhookRotation && originalDoc)
    Object.assign(next, await rotation(req, originalDoc.id, context.webhookRotation))
  return { ...next, ...context.webhookSystem }
}

/**
 * A rotation, under a lock on the endpoint's row (held until the update commits): the secret it
 * retires is the one stored now, not one a concurrent rotation has already replaced.
 */
const rotation = async (
  req: PayloadRequest,
  id: number | string,
  { previousSecretExpiresAt, secret }: NonNullable<RequestContext['webhookRotation']>,
) => {
  const db = await transactionDb(req)
  const { rows } = await db.execute<{ secret: null | string }>(
    sql`SELECT secret FROM webhook_endpoints WHERE id = ${id} FOR UPDATE`,
  )
  const current = rows[0]?.secret
  return {
    previousSecret: current ? sealSecret(openSecret(current), PREVIOUS_SECRET_FIELD) : null,
    previousSecretExpiresAt,
    secret,
  }
}

/** afterChange: the create's answer carries the new secret, the only time it is shown. */
export const showSecretOnce: CollectionAfterChangeHook<WebhookEndpoint> = ({
  doc,
  operation,
  req,
}) => {
  const { webhookSecret } = req.context
  return operation === 'create' && webhookSecret ? { ...doc, secret: webhookSecret } : doc
}

import type { CollectionAfterChangeHook, CollectionBeforeChangeHook } from 'payload'

import { newSecret, sealSecret } from './secrets'

/** Fields only the service writes: whatever a caller sends for them is ignored. */
const SYSTEM_FIELDS = [
  'secret',
  'previousSecret',
  'previousSecretExpiresAt',
  'consecutiveFailures',
  'disabledReason',
] as const

type EndpointContext = {
  /** A new secret in clear, for the answer of the create that made it. */
  webhookSecret?: string
  /** System field values a service write sets (rotation, failure counting). */
  webhookSystem?: Record<string, unknown>
}

/**
 * beforeChange of webhook endpoints: system fields keep their stored values (a create starts
 * them afresh and generates the secret); an endpoint turned on again starts counting failures
 * from zero; a service write sets what it says.
 */
export const guardEndpointFields: CollectionBeforeChangeHook = ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  const context = req.context as EndpointContext
  const next: Record<string, unknown> = { ...data }
  for (const name of SYSTEM_FIELDS) next[name] = originalDoc?.[name] ?? null
  if (operation === 'create') {
    const secret = newSecret()
    context.webhookSecret = secret
    Object.assign(next, { consecutiveFailures: 0, secret: sealSecret(secret) })
  } else if (data.enabled === true && originalDoc?.enabled === false) {
    Object.assign(next, { consecutiveFailures: 0, disabledReason: null })
  }
  return { ...next, ...context.webhookSystem }
}

/** afterChange: the create's answer carries the new secret, the only time it is shown. */
export const showSecretOnce: CollectionAfterChangeHook = ({ doc, operation, req }) => {
  const { webhookSecret } = req.context as EndpointContext
  return operation === 'create' && webhookSecret ? { ...doc, secret: webhookSecret } : doc
}

import type { Endpoint, PayloadRequest } from 'payload'

import { checkRole } from '../../access/roles'
import { settings } from '../lib/settings'
import { newSecret, sealSecret } from './secrets'

const ADMINS = { clients: ['admin'], staff: ['admin'] } as const

const refusal = (status: number, message: string) =>
  Response.json({ errors: [{ message }] }, { status })

/** 401 without a caller, 403 for one who is not an admin, in Payload's error shape; else null. */
export const adminRefusal = (req: PayloadRequest): null | Response => {
  if (!req.user) return refusal(401, 'Unauthorized')
  if (!checkRole(req.user, ADMINS))
    return refusal(403, 'You are not allowed to perform this action.')
  return null
}

/**
 * POST /api/webhook-endpoints/:id/rotate-secret: a new signing secret, answered once; the one it
 * replaces still signs (beside it) for WEBHOOK_SECRET_GRACE_SECONDS, so receivers can switch.
 * Rotations of one endpoint queue on its row: each retires the secret the one before it made.
 */
export const rotateSecretEndpoint: Endpoint = {
  handler: async (req) => {
    const refused = adminRefusal(req)
    if (refused) return refused
    const id = req.routeParams?.id as string
    // Read as the caller: an endpoint they may not read is a 404.
    await req.payload.findByID({
      collection: 'webhook-endpoints',
      depth: 0,
      id,
      overrideAccess: false,
      req,
    })
    const secret = newSecret()
    const grace = settings('webhooks').WEBHOOK_SECRET_GRACE_SECONDS
    const previousSecretExpiresAt = new Date(Date.now() + grace * 1000).toISOString()
    await req.payload.update({
      collection: 'webhook-endpoints',
      context: { webhookRotation: { previousSecretExpiresAt, secret: sealSecret(secret) } },
      data: {},
      depth: 0,
      id,
      req,
    })
    return Response.json({ id: Number(id), previousSecretExpiresAt, secret })
  },
  method: 'post',
  path: '/:id/rotate-secret',
}

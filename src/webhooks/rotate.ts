import { adminAction } from '@/api/adminAction'
import { settings } from '@/lib/settings'

import { newSecret, sealSecret } from './secrets'

/**
 * POST /api/webhook-endpoints/:id/rotate-secret: a new signing secret, answered once; the one it
 * replaces still signs (beside it) for WEBHOOK_SECRET_GRACE_SECONDS, so receivers can switch.
 * Rotations of one endpoint queue on its row: each retires the secret the one before it made.
 */
export const rotateSecretEndpoint = adminAction(
  'webhook-endpoints',
  'rotate-secret',
  async (req, id) => {
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
)

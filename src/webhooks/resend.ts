import type { Endpoint } from 'payload'

import { adminRefusal } from './rotate'

/**
 * POST /api/webhook-deliveries/:id/resend: the delivery is due again at once, with a fresh
 * schedule of attempts and the same webhook-id (a receiver that already has it can tell).
 */
export const resendEndpoint: Endpoint = {
  handler: async (req) => {
    const refused = adminRefusal(req)
    if (refused) return refused
    const id = req.routeParams?.id as string
    // Read as the caller: an id they may not read is a 404.
    await req.payload.findByID({
      collection: 'webhook-deliveries',
      depth: 0,
      id,
      overrideAccess: false,
      req,
    })
    const doc = await req.payload.update({
      collection: 'webhook-deliveries',
      data: {
        attempts: 0,
        lastError: null,
        nextAttemptAt: new Date().toISOString(),
        status: 'pending',
      },
      depth: 0,
      id,
      req,
    })
    return Response.json({ doc, message: 'Queued for delivery.' })
  },
  method: 'post',
  path: '/:id/resend',
}

import { adminAction } from '@/api/adminAction'

/**
 * POST /api/webhook-deliveries/:id/resend: the delivery is due again at once, with a fresh
 * schedule of attempts and the same webhook-id (a receiver that already has it can tell).
 */
export const resendEndpoint = adminAction('webhook-deliveries', 'resend', async (req, id) => {
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
})

import { adminAction } from '@/api/adminAction'

import { sendTestEvent } from './deliver'

/**
 * POST /api/webhook-endpoints/:id/send-test: a signed `webhook.test` event sent to the endpoint
 * now, answered with what its receiver did (status code, or the error, and the time taken).
 */
export const sendTestEndpoint = adminAction('webhook-endpoints', 'send-test', async (req, id) => {
  const endpoint = await req.payload.findByID({
    collection: 'webhook-endpoints',
    depth: 0,
    id,
    req,
    // The secret that signs it.
    showHiddenFields: true,
  })
  return Response.json({ id: endpoint.id, ...(await sendTestEvent(req.payload, endpoint)) })
})

import type { Payload } from 'payload'

import type { WebhookEndpoint } from '../../payload-types'

/** Runs `run` while an enabled endpoint subscribes to `events`, then disables it, whatever happened. */
export const withSubscribedEndpoint = async <T>(
  payload: Payload,
  events: WebhookEndpoint['events'],
  run: () => Promise<T>,
): Promise<T> => {
  const endpoint = await payload.create({
    collection: 'webhook-endpoints',
    data: { events, url: 'https://receiver.example.com/hooks' },
  })
  try {
    return await run()
  } finally {
    await payload.update({
      collection: 'webhook-endpoints',
      data: { enabled: false },
      id: endpoint.id,
    })
  }
}

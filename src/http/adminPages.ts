/**
 * What the paths of the admin UI (everything Express does not serve itself) answer while this
 * node has no admin UI to hand them to: a small page for a person, refreshing itself while the UI
 * is on its way, and a plain refusal on a node that does not serve it at all.
 */
import type { RequestHandler } from 'express'

import { RETRY_AFTER_SECONDS } from '@/errors/messages'

const REFRESH_SECONDS = 5

export type AdminUiPending = 'building' | 'failed' | 'starting'

const TEXT: Record<AdminUiPending, { body: string; title: string }> = {
  building: {
    body: 'The admin UI is being built (a few minutes on a first start). The API already answers at /api. This page reloads itself.',
    title: 'The admin UI is being built',
  },
  failed: {
    body: "The admin UI's build failed; the service log says why. The API still answers at /api. Fix the cause, then run npm run build and restart the service.",
    title: 'The admin UI could not be built',
  },
  starting: {
    body: 'The admin UI is starting. This page reloads itself.',
    title: 'The admin UI is starting',
  },
}

const page = (state: AdminUiPending): string => {
  const { body, title } = TEXT[state]
  const refresh =
    state === 'failed' ? '' : `<meta http-equiv="refresh" content="${REFRESH_SECONDS}">`
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">${refresh}<title>${title}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">
<h1>${title}</h1><p>${body}</p></body></html>
`
}

/**
 * 503 with the page (no-store, so the UI shows once it is there); Retry-After while it is on its
 * way. A failed build says so and stops refreshing.
 */
export const adminUiPending =
  (state: () => AdminUiPending): RequestHandler =>
  (_req, res) => {
    const now = state()
    res.status(503).set({
      'Cache-Control': 'no-store',
      'Content-Type': 'text/html; charset=utf-8',
      ...(now === 'failed' ? {} : { 'Retry-After': String(RETRY_AFTER_SECONDS) }),
    })
    res.end(page(now))
  }

/** ADMIN_UI=off: a 404 that says why, for every path outside the API. */
export const adminUiNotServed: RequestHandler = (_req, res) => {
  res.status(404).json({
    errors: [{ message: 'Not Found: the admin UI is not served by this node (ADMIN_UI=off).' }],
  })
}

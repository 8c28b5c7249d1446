/**
 * The lead page's desk, read on the server as the viewer (the same view as GET /api/lead/:id/desk)
 * and drawn with the page: the panel is there at first paint, and the form below it does not jump
 * when it arrives. The client panel reads the API itself only when this could not.
 */
import type { UIFieldServerComponent } from 'payload'
import React from 'react'

import { deskView } from '@/leadDesk/deskView'

import { LeadDeskPanel } from './LeadDeskPanel'

export const LeadDesk: UIFieldServerComponent = async ({ data, id, req }) => {
  if (!id || !req.user || data?.deletedAt) return <LeadDeskPanel />
  const view = await deskView(req, Number(id)).catch((error: unknown) => {
    req.payload.logger.warn({ err: error, lead: id }, 'lead desk not drawn on the server')
    return undefined
  })
  // Plain JSON, as the API answers it (times as ISO strings).
  return <LeadDeskPanel initial={view && JSON.parse(JSON.stringify(view))} />
}

/**
 * The lead page's desk, read on the server as the viewer (the same view as GET /api/lead/:id/desk)
 * with its possible duplicates, and drawn with the page: the panel is there at first paint, and
 * the form below it does not jump when it arrives. The client panel reads the API itself only
 * when this could not. A merged lead shows no duplicates, so none are read for it.
 */
import type { UIFieldServerComponent } from 'payload'
import React from 'react'

import { deskView } from '@/leadDesk/deskView'
import { possibleDuplicates } from '@/leadDesk/possibleDuplicates'

import { LeadDeskPanel } from './LeadDeskPanel'

export const LeadDesk: UIFieldServerComponent = async ({ data, id, req }) => {
  if (!id || !req.user || data?.deletedAt) return <LeadDeskPanel />
  const lead = Number(id)
  const fallBack = (error: unknown) => {
    req.payload.logger.warn({ err: error, lead }, 'lead desk not drawn on the server')
    return undefined
  }
  const [view, duplicates] = await Promise.all([
    deskView(req, lead).catch(fallBack),
    data?.mergedInto ? undefined : possibleDuplicates(req, lead).catch(fallBack),
  ])
  // Plain JSON, as the API answers them (times as ISO strings).
  const json = <T,>(value: T | undefined): T | undefined =>
    value && JSON.parse(JSON.stringify(value))
  return <LeadDeskPanel duplicates={json(duplicates)} initial={json(view)} />
}

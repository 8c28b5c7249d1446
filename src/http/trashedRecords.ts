/**
 * A record's admin page asked for once it is in the trash: Payload sends the browser to the
 * list with `?notFound=<id>`; that request is sent on to the record's page in the trash instead
 * (src/trash/trashedRecord.ts), for a staff user who may see it there. Anyone else, and a record
 * that is not in the trash, get Payload's answer as before.
 */
import type { RequestHandler } from 'express'
import type { Payload } from 'payload'

import { trashedRecordPath } from '@/trash/trashedRecord'

import { callerOf } from './caller'

export const trashedRecords = (payload: Payload): RequestHandler => {
  const list = new RegExp(`^${payload.config.routes.admin}/collections/([^/]+)/?$`)
  return async (req, res, next) => {
    const slug = req.method === 'GET' ? list.exec(req.path)?.[1] : undefined
    const id = req.query.notFound
    if (!slug || typeof id !== 'string' || !id) return next()
    const caller = await callerOf(payload, req, res)
    if (caller.kind !== 'staff') return next()
    const path = await trashedRecordPath(payload, caller.user, slug, id)
    if (!path) return next()
    res.redirect(302, path)
  }
}

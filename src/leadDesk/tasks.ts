/**
 * When a lead's task was closed (done or cancelled) and by whom: the service's to write, from the
 * change that moved its status away from `open`. `lastModifiedBy` would not do: a merge, an edit
 * or a trip to the trash rewrites it.
 */
import type { CollectionBeforeChangeHook } from 'payload'

import type { LeadTask } from '../../payload-types'
import { idOf } from './ids'

/**
 * beforeChange of `lead-task`: `closedAt` and `closedBy` set when the status leaves `open`, kept
 * while it stays closed, cleared when it is reopened; never what the caller sent. An API client
 * is no user: its close leaves `closedBy` empty.
 */
export const recordClosing: CollectionBeforeChangeHook<LeadTask> = ({ data, originalDoc, req }) => {
  const was = originalDoc?.status ?? 'open'
  const is = data.status ?? was
  if (is === 'open') return { ...data, closedAt: null, closedBy: null }
  if (was !== 'open')
    return {
      ...data,
      closedAt: originalDoc?.closedAt ?? null,
      closedBy: idOf(originalDoc?.closedBy) ?? null,
    }
  return {
    ...data,
    closedAt: new Date().toISOString(),
    closedBy: req.user?.collection === 'users' ? req.user.id : null,
  }
}

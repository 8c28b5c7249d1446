import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'

import { clientChanges } from './apiKeyCache'

/**
 * A change to a client is announced inside its transaction: every process forgets the client
 * once the change commits (src/db/changeNotices.ts).
 */
export const announceClientChange: CollectionAfterChangeHook = async ({ doc, req }) => {
  await clientChanges.announce(req, String(doc.id))
  return doc
}

export const announceClientDelete: CollectionAfterDeleteHook = async ({ id, req }) => {
  await clientChanges.announce(req, String(id))
}

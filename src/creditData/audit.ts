import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, PayloadRequest } from 'payload'

import { encryptedFieldNames } from './marker'

export type AuditEntry = {
  action: 'create' | 'delete' | 'reveal' | 'update'
  collection: string
  fields: string[]
  recordId: string
}

// Bookkeeping the service keeps itself, derived titles among it: not a change anyone made.
const IGNORED = new Set(['id', 'createdAt', 'updatedAt', 'lastModifiedBy', 'title'])

/**
 * Writes one append-only audit entry: who, what, which fields (never their values), when, request
 * id. Straight through the database adapter, in the request's transaction and without reading the
 * row back: the entry is built here, so Payload's validation and hooks have nothing to check, and
 * the read-back was a query on every audited write.
 */
export const recordAudit = async (req: PayloadRequest, entry: AuditEntry): Promise<void> => {
  const actor = req.user ? `${req.user.collection}:${req.user.id}` : 'system'
  const now = new Date().toISOString()
  await req.payload.db.create({
    collection: 'audit-log',
    data: {
      ...entry,
      actor,
      createdAt: now,
      requestId: req.headers?.get?.('x-request-id') ?? null,
      updatedAt: now,
    },
    req,
    returning: false,
  })
}

/** Fields whose stored value differs (sensitive ones are reported by their own hook: their reads are masked). */
const changedFields = (
  doc: Record<string, unknown>,
  previous: Record<string, unknown> | undefined,
  sensitive: string[],
): string[] => {
  // On create, the fields given (defaults of false or empty are not news).
  const given = (value: unknown) =>
    value !== null &&
    value !== undefined &&
    value !== false &&
    value !== '' &&
    !(Array.isArray(value) && !value.length)
  if (!previous)
    return Object.keys(doc).filter(
      (name) => !IGNORED.has(name) && !sensitive.includes(name) && given(doc[name]),
    )
  const names = new Set([...Object.keys(doc), ...Object.keys(previous)])
  const changed = [...names].filter((name) => {
    if (IGNORED.has(name) || sensitive.includes(name)) return false
    const before = previous[name] ?? null
    const after = doc[name] ?? null
    const id = (value: unknown) =>
      value && typeof value === 'object' && 'id' in value ? value.id : value
    return (
      JSON.stringify(Array.isArray(after) ? after.map(id) : id(after)) !==
      JSON.stringify(Array.isArray(before) ? before.map(id) : id(before))
    )
  })
  return changed
}

/** Audits creates and updates of credit data. */
export const auditChange: CollectionAfterChangeHook = async ({
  collection,
  doc,
  operation,
  previousDoc,
  req,
}) => {
  const fields = [
    ...changedFields(
      doc,
      operation === 'update' ? previousDoc : undefined,
      encryptedFieldNames(collection.fields),
    ),
    // The encrypted ones this write changed, as encryptSensitive saw them in clear.
    ...(req.context.sensitiveChanges?.[collection.slug] ?? []),
  ]
  if (operation === 'update' && !fields.length) return doc
  await recordAudit(req, {
    action: operation,
    collection: collection.slug,
    fields: [...new Set(fields)].sort(),
    recordId: String(doc.id),
  })
  return doc
}

export const auditDelete: CollectionAfterDeleteHook = async ({ collection, id, req }) => {
  await recordAudit(req, {
    action: 'delete',
    collection: collection.slug,
    fields: [],
    recordId: String(id),
  })
}

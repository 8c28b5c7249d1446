import { sql } from '@payloadcms/db-postgres'
import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  Field,
  PayloadRequest,
} from 'payload'

import { type BatchedWrite, batchWrite, sendWrite } from '@/db/batchedWrites'

import { encryptedFieldNames } from './marker'

export type AuditEntry = {
  action:
    | 'create'
    | 'deidentify'
    | 'delete'
    | 'dispose'
    | 'export'
    | 'reveal'
    | 'role_change'
    | 'sign_in'
    | 'sign_in_refused'
    | 'update'
  /** Who acted, when not the request's caller: a person signing in is not one yet. */
  actor?: string
  collection: string
  fields: string[]
  /** An identity provider and the person's subject there (`provider:subject`), for sign-ins. */
  identity?: string
  recordId: string
}

// Bookkeeping the service keeps itself, derived titles among it: not a change anyone made.
/**
 * Not news: bookkeeping, and the dealerships the database keeps on the row (src/fields/dealership.ts),
 * which a caller does not change (a staff admin's change to them is kept in the record's versions).
 */
const IGNORED = new Set([
  'id',
  'createdAt',
  'updatedAt',
  'lastModifiedBy',
  'title',
  'dealership',
  'dealerships',
  'madeAt',
])

/**
 * One append-only audit entry: who, what, which fields (never their values), when, request id.
 * Written as SQL in the request's transaction, the entry and its field names in one statement:
 * the entry is built here, so Payload's validation and hooks have nothing to check, and its
 * create was three statements (the entry, its field names, a read-back).
 */
const auditWrite = (req: PayloadRequest, entry: AuditEntry): BatchedWrite => {
  const actor = entry.actor ?? (req.user ? `${req.user.collection}:${req.user.id}` : 'system')
  const requestId = req.headers?.get?.('x-request-id') ?? null
  const now = new Date().toISOString()
  const inserted = sql`
    INSERT INTO audit_log (action, collection, record_id, actor, identity, request_id, created_at,
      updated_at)
    VALUES (${entry.action}, ${entry.collection}, ${entry.recordId}, ${actor},
      ${entry.identity ?? null}, ${requestId}, ${now}, ${now})`
  const names = sql.join(
    entry.fields.map((name) => sql`${name}`),
    sql`, `,
  )
  return (as) => {
    if (!entry.fields.length) return [{ query: inserted }]
    return [
      { name: as('entry'), query: sql`${inserted} RETURNING id` },
      {
        query: sql`
          INSERT INTO audit_log_texts ("order", parent_id, path, text)
          SELECT field.n, entry.id, 'fields', field.name
            FROM ${sql.identifier(as('entry'))} AS entry,
                 unnest(ARRAY[${names}]::varchar[]) WITH ORDINALITY AS field(name, n)`,
      },
    ]
  }
}

/** Writes an audit entry now (a reveal, a delete). */
export const recordAudit = (req: PayloadRequest, entry: AuditEntry): Promise<void> =>
  sendWrite(req, auditWrite(req, entry))

/** Fields whose stored value differs (sensitive ones are reported by their own hook: their reads are masked). */
const changedFields = (
  doc: Record<string, unknown>,
  previous: Record<string, unknown> | undefined,
  sensitive: readonly string[],
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

/**
 * The audit entry of a create or update (undefined for an update that changed nothing audited):
 * the fields given or changed, and `sensitive`, the encrypted ones the write changed.
 */
export const auditOfChange = ({
  collection,
  doc,
  operation,
  previousDoc,
  req,
  sensitive,
}: {
  collection: { fields: Field[]; slug: string }
  doc: Record<string, unknown> & { id: number | string }
  operation: 'create' | 'update'
  previousDoc?: Record<string, unknown>
  req: PayloadRequest
  sensitive: readonly string[]
}): BatchedWrite | undefined => {
  const fields = [
    ...changedFields(
      doc,
      operation === 'update' ? previousDoc : undefined,
      encryptedFieldNames(collection.fields),
    ),
    ...sensitive,
  ]
  if (operation === 'update' && !fields.length) return undefined
  return auditWrite(req, {
    action: operation,
    collection: collection.slug,
    fields: [...new Set(fields)].sort(),
    recordId: String(doc.id),
  })
}

/** Audits creates and updates of credit data. */
export const auditChange: CollectionAfterChangeHook = async ({
  collection,
  doc,
  operation,
  previousDoc,
  req,
}) => {
  // The encrypted values this write changed, as encryptSensitive saw them in clear.
  const sensitive = req.context.sensitiveChanges?.[collection.slug] ?? []
  const write = auditOfChange({ collection, doc, operation, previousDoc, req, sensitive })
  // Sent with the change's other rows (src/db/batchedWrites.ts).
  if (write) batchWrite(req, collection.slug, doc.id, write)
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

import type { RelationshipField, RelationshipFieldSingleValidation } from 'payload'
import { relationship } from 'payload/shared'

/** It names its lead, which must exist (Payload's own check of a relation). */
const namesItsLead: RelationshipFieldSingleValidation = (value, options) =>
  value === null || value === undefined
    ? 'names the lead it belongs to'
    : relationship(value, options)

/**
 * The lead a desk record (a note, an appointment) belongs to. Required by its check, not by
 * `required`: a required relation would keep the lead from the trash (hooks/stillReferenced.ts);
 * the database deletes the record with its lead instead (its migration's cascading foreign keys).
 */
export const leadOfField = (description: string): RelationshipField => ({
  name: 'lead',
  type: 'relationship',
  admin: { description },
  index: true,
  relationTo: 'lead',
  validate: namesItsLead,
})

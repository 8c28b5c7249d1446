import type { CollectionConfig } from 'payload'

import { isStaffAdmin } from '../access/isStaffAdmin'

const nobody = () => false

/**
 * Append-only trail of credit data: every create, update and delete of consumers, credit apps and
 * credit reports, and every reveal of a full SSN. Written only by hooks; no API may change or
 * delete an entry (and the database refuses to: see the migration's trigger). Staff admins read it.
 */
export const AuditLog: CollectionConfig = {
  slug: 'audit-log',
  access: {
    create: nobody,
    delete: nobody,
    read: isStaffAdmin,
    update: nobody,
  },
  admin: {
    defaultColumns: ['createdAt', 'action', 'collection', 'recordId', 'fields', 'actor'],
    group: 'Operations',
    listSearchableFields: ['recordId', 'actor', 'requestId'],
    useAsTitle: 'recordId',
  },
  defaultSort: '-createdAt',
  disableDuplicate: true,
  fields: [
    {
      name: 'action',
      type: 'select',
      enumName: 'enum_audit_action',
      index: true,
      options: ['create', 'update', 'delete', 'reveal'],
      required: true,
    },
    { name: 'collection', type: 'text', index: true, required: true },
    { name: 'recordId', type: 'text', index: true, required: true },
    {
      name: 'fields',
      type: 'text',
      admin: { description: 'Names of the fields changed or revealed; never their values.' },
      hasMany: true,
    },
    {
      name: 'actor',
      type: 'text',
      admin: { description: 'users:<id> or api-clients:<id>' },
      index: true,
      required: true,
    },
    { name: 'requestId', type: 'text', index: true },
  ],
  labels: { plural: 'Audit log', singular: 'Audit entry' },
}

import type { CollectionConfig } from 'payload'

import { isStaffAdmin } from '../access/isStaffAdmin'
import { nobody } from '../access/nobody'

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
    listSearchableFields: ['recordId', 'collection', 'actor', 'requestId'],
    useAsTitle: 'recordId',
  },
  defaultSort: '-createdAt',
  disableDuplicate: true,
  fields: [
    {
      type: 'row',
      fields: [
        {
          name: 'action',
          type: 'select',
          admin: {
            description: 'What was done: a create, update or delete, or a reveal of a full SSN.',
          },
          enumName: 'enum_audit_action',
          index: true,
          options: ['create', 'update', 'delete', 'reveal'],
          required: true,
        },
        {
          name: 'collection',
          type: 'text',
          admin: { description: 'Slug of the collection the record belongs to.' },
          index: true,
          required: true,
        },
        {
          name: 'recordId',
          type: 'text',
          admin: { description: 'Id of the record changed or revealed.' },
          index: true,
          required: true,
        },
      ],
    },
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
    {
      name: 'requestId',
      type: 'text',
      admin: {
        description: "The request's x-request-id, to find it in the service logs.",
        position: 'sidebar',
      },
      index: true,
    },
  ],
  labels: { plural: 'Audit log', singular: 'Audit entry' },
}

import type { CollectionConfig } from 'payload'

import { nameActor } from '@/admin/audit/actorName'

import { policyAccess } from '../access/policy'

const CELLS = '/src/admin/audit/cells'

/**
 * Append-only trail of credit data: every create, update and delete of consumers, credit apps and
 * credit reports, every reveal of a full SSN, every disposal, de-identification and export of a
 * consumer's data (src/compliance); and of staff sign-ins through an identity provider
 * (src/auth/oidc): signed in, refused, a role changed from the provider's claims. Written only by
 * the service; no API may change or delete an entry (and the database refuses to: see the
 * migration's trigger). Staff admins read it.
 */
export const AuditLog: CollectionConfig = {
  slug: 'audit-log',
  access: policyAccess('audit-log'),
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
            description:
              'What was done: a create, update or delete, a reveal of a full SSN, a consumer disposed of (retention), de-identified (deletion request) or exported (access request), or a staff sign-in through an identity provider: signed in, refused, or a role changed from its claims.',
          },
          enumName: 'enum_audit_action',
          index: true,
          options: [
            'create',
            'update',
            'delete',
            'reveal',
            'dispose',
            'deidentify',
            'export',
            'sign_in',
            'sign_in_refused',
            'role_change',
          ],
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
          admin: {
            components: { Cell: `${CELLS}#ClippedCell` },
            description: 'Id of the record changed or revealed.',
          },
          index: true,
          required: true,
        },
      ],
    },
    {
      name: 'fields',
      type: 'text',
      admin: {
        components: { Cell: `${CELLS}#WrappedListCell` },
        description:
          'Names of the fields changed or revealed; never their values. For a sign-in through an identity provider, whose second factor counted (provider-mfa, service-mfa); for a refused one, why.',
      },
      hasMany: true,
    },
    {
      name: 'actor',
      type: 'text',
      admin: {
        components: { Cell: `${CELLS}#ActorCell` },
        description: 'users:<id>, api-clients:<id>, or system.',
      },
      index: true,
      required: true,
    },
    {
      name: 'actorName',
      type: 'text',
      admin: {
        description: 'Who that is, as they are named now: a staff user or an API client.',
        readOnly: true,
      },
      hooks: { afterRead: [nameActor] },
      label: 'Actor name',
      virtual: true,
    },
    {
      name: 'identity',
      type: 'text',
      admin: {
        description:
          "For a sign-in through an identity provider: the provider and the person's subject there (provider:subject).",
      },
      index: true,
    },
    {
      name: 'requestId',
      type: 'text',
      admin: {
        components: { Cell: `${CELLS}#ClippedCell` },
        description: "The request's x-request-id, to find it in the service logs.",
        position: 'sidebar',
      },
      index: true,
    },
  ],
  labels: { plural: 'Audit log', singular: 'Audit entry' },
}

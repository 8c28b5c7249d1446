import type { CollectionConfig } from 'payload'

import { keepDisclosure, keepNamedDisclosure } from '@/compliance/consents/disclosures'
import { CONSENT_KINDS, KIND_LABELS } from '@/compliance/consents/kinds'
import { disclosureTitle, titleField } from '@/fields/titles'

import { nobodyFieldLevel } from '../access/nobody'
import { policyAccess } from '../access/policy'

/**
 * Versioned disclosure texts, kept by staff (docs/compliance.md, section 1). A text a consent
 * names is never changed or deleted (409): new wording is a new version. The SHA-256 of the text
 * is worked out by the service.
 */
export const Disclosures: CollectionConfig = {
  custom: { readableValues: true },
  slug: 'disclosures',
  access: policyAccess('disclosures'),
  admin: {
    defaultColumns: ['kind', 'version', 'sha256', 'updatedAt'],
    description:
      'The wording shown to people when their consent is captured. Once a consent names one it is kept as it is: write a new version.',
    group: 'Compliance',
    useAsTitle: 'title',
  },
  disableDuplicate: true,
  fields: [
    titleField(disclosureTitle(KIND_LABELS), ['kind', 'version']),
    {
      type: 'row',
      fields: [
        {
          name: 'kind',
          type: 'select',
          enumName: 'enum_disclosures_kind',
          index: true,
          options: CONSENT_KINDS.map((value) => ({ label: KIND_LABELS[value], value })),
          required: true,
        },
        {
          name: 'version',
          type: 'text',
          admin: { description: 'Unique within the kind, e.g. 2026-01 or 3.' },
          maxLength: 50,
          required: true,
        },
      ],
    },
    { name: 'text', type: 'textarea', maxLength: 20_000, required: true },
    {
      name: 'sha256',
      type: 'text',
      access: { create: nobodyFieldLevel, update: nobodyFieldLevel },
      admin: {
        description: 'SHA-256 of the text (UTF-8), hex; worked out by the service.',
        readOnly: true,
      },
      label: 'SHA-256',
    },
  ],
  hooks: { beforeChange: [keepDisclosure], beforeDelete: [keepNamedDisclosure] },
  labels: { plural: 'Disclosures', singular: 'Disclosure' },
}

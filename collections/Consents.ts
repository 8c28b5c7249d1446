import type { CollectionConfig } from 'payload'

import { consentDisclosureEndpoint } from '@/compliance/consents/disclosureEndpoint'
import {
  APPLICANT_ROLES,
  CAPTURE_METHODS,
  CONSENT_ACTIONS,
  CONSENT_KINDS,
  KIND_LABELS,
} from '@/compliance/consents/kinds'
import { APPEND_ONLY, recordConsent } from '@/compliance/consents/ledger'
import { dateTimeField, emailField, phoneField } from '@/fields/formatted'
import { optionLabel } from '@/fields/labels'
import { consentTitle, titleField } from '@/fields/titles'
import { releaseOnConsent } from '@/flows/creditHolds'

import { notDealersFieldLevel } from '../access/dealer'
import { nobodyFieldLevel } from '../access/nobody'
import { policyAccess } from '../access/policy'

const serverSet = { create: nobodyFieldLevel, update: nobodyFieldLevel }
// Who recorded it: an e-mail of house staff or a key's name, not shown to dealers.
const recorder = { ...serverSet, read: notDealersFieldLevel }

/**
 * The consent and authorization ledger (docs/compliance.md, section 1): who agreed to what, shown
 * which disclosure, when, how and from where, and who recorded it. Append-only: a revocation is a
 * new record, and nobody updates or deletes one (`custom.appendOnly`, hooks/appendOnly.ts); which
 * stands is decided by when the service recorded them (src/compliance/consents/latest.ts), never
 * by the `capturedAt` a caller gives. It holds no SSN: no field for one, and free text that reads
 * as one is refused.
 */
export const Consents: CollectionConfig = {
  slug: 'consents',
  // Sealed: never changed or deleted, and every relation keeps what it names
  // (hooks/stillReferenced.ts). A capture time ahead of the service's clock is clamped or refused.
  // A dealer's reach is a credit record's: what its dealer recorded, and what the house recorded
  // for its consumers or credit apps.
  custom: {
    appendOnly: { sealed: APPEND_ONLY, times: ['capturedAt'] },
    dealerScope: { rows: 'credit' },
    readableValues: true,
  },
  access: policyAccess('consents'),
  admin: {
    defaultColumns: ['title', 'action', 'phoneNumber', 'capturedAt', 'recordedBy'],
    description:
      'Consents and authorizations as captured, with the disclosure shown. Kept as recorded: a revocation is a new consent.',
    group: 'Compliance',
    // Not `recordedBy`: dealers do not read it, and a search naming it would be refused to them.
    listSearchableFields: ['title', 'phoneNumber', 'email'],
    useAsTitle: 'title',
  },
  disableDuplicate: true,
  endpoints: [consentDisclosureEndpoint],
  fields: [
    titleField(consentTitle(KIND_LABELS), ['kind', 'consumer', 'creditApp', 'role', 'action']),
    {
      type: 'row',
      fields: [
        {
          name: 'kind',
          type: 'select',
          index: true,
          options: CONSENT_KINDS.map((value) => ({ label: KIND_LABELS[value], value })),
          required: true,
        },
        {
          name: 'action',
          type: 'select',
          admin: { description: 'A revocation is recorded as a new consent with "revoke".' },
          options: CONSENT_ACTIONS.map((value) => ({ label: optionLabel(value), value })),
          required: true,
        },
      ],
    },
    {
      type: 'row',
      fields: [
        {
          name: 'consumer',
          type: 'relationship',
          admin: { description: 'Whose consent it is.' },
          index: true,
          relationTo: 'consumer',
        },
        {
          name: 'role',
          type: 'select',
          admin: { description: 'Credit-report authorizations: applicant or co-applicant.' },
          options: APPLICANT_ROLES.map((value) => ({ label: optionLabel(value), value })),
        },
        {
          name: 'creditApp',
          type: 'relationship',
          admin: {
            description:
              'Credit-report authorizations for one application (a co-applicant without a consumer record is tied here).',
          },
          index: true,
          relationTo: 'credit-app',
        },
      ],
    },
    {
      type: 'row',
      fields: [
        phoneField('phoneNumber', {
          admin: { description: 'Calls and texts: the number the consent covers.' },
        }),
        emailField('email', {
          admin: { description: 'E-mail marketing: the address the consent covers.' },
        }),
        {
          name: 'seller',
          type: 'relationship',
          admin: { description: 'Calls and texts: the seller the person agreed to hear from.' },
          relationTo: 'company',
        },
      ],
    },
    {
      type: 'row',
      fields: [
        {
          name: 'disclosure',
          type: 'relationship',
          admin: { description: 'The disclosure text shown when the consent was captured.' },
          relationTo: 'disclosures',
        },
        {
          name: 'disclosureVersion',
          type: 'text',
          access: serverSet,
          admin: { description: "The disclosure's version at capture.", readOnly: true },
        },
        {
          name: 'disclosureSha256',
          type: 'text',
          access: serverSet,
          admin: { description: "SHA-256 of the disclosure's text at capture.", readOnly: true },
          label: 'Disclosure SHA-256',
        },
      ],
    },
    {
      type: 'row',
      fields: [
        {
          ...dateTimeField('capturedAt'),
          admin: {
            date: { pickerAppearance: 'dayAndTime' },
            description:
              'When the person agreed; the time of recording when not sent. Not in the future (up to 5 minutes ahead is taken as now).',
          },
          index: true,
        },
        {
          name: 'method',
          type: 'select',
          options: CAPTURE_METHODS.map((value) => ({ label: optionLabel(value), value })),
          required: true,
        },
      ],
    },
    {
      type: 'row',
      fields: [
        {
          name: 'ip',
          type: 'text',
          admin: { description: 'The address the consent came from (web forms).' },
          label: 'IP address',
          maxLength: 45,
          validate: (value: null | string | undefined) =>
            !value ||
            /^(\d{1,3}\.){3}\d{1,3}$|^[0-9a-f:.]+$/i.test(value) ||
            'must be an IPv4 or IPv6 address',
        },
        { name: 'userAgent', type: 'text', label: 'User agent', maxLength: 1000 },
      ],
    },
    {
      name: 'note',
      type: 'textarea',
      admin: { description: 'Never an SSN: a text that reads as one is refused.' },
      maxLength: 2000,
    },
    {
      name: 'recordedBy',
      type: 'text',
      access: recorder,
      admin: {
        description: 'The staff user or API client who recorded it.',
        position: 'sidebar',
        readOnly: true,
      },
    },
    {
      name: 'recordedByAccount',
      type: 'text',
      access: recorder,
      admin: { position: 'sidebar', readOnly: true },
      label: 'Recorded by (account)',
    },
    // What a contact consent covers, for matching: `tel:<10 digits>` or `mailto:<address>`.
    { name: 'contactKey', type: 'text', access: serverSet, hidden: true, index: true },
  ],
  hooks: {
    afterChange: [releaseOnConsent],
    beforeChange: [recordConsent],
  },
  labels: { plural: 'Consents', singular: 'Consent' },
}

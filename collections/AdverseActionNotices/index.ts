import type { CollectionConfig, Field } from 'payload'

import { bureauSlugs } from '@/compliance/adverseAction/bureaus'
import { noticeKinds } from '@/compliance/adverseAction/decision'
import {
  deliverNoticeEndpoint,
  deliveryMethods,
  printNoticeEndpoint,
} from '@/compliance/adverseAction/endpoints'

import { notDealersFieldLevel } from '../../access/dealer'
import { nobodyFieldLevel } from '../../access/nobody'
import { policyAccess } from '../../access/policy'

const label = (value: string) => (value[0].toUpperCase() + value.slice(1)).replace(/_/g, ' ')

/** Written by the service when it makes the notice; never changed after. */
const fixed = (field: Field): Field =>
  ({
    ...field,
    access: {
      ...('access' in field && field.access),
      create: nobodyFieldLevel,
      update: nobodyFieldLevel,
    },
    admin: { ...field.admin, readOnly: true },
  }) as Field

const dateTime = (name: string, description: string, index = false): Field => ({
  name,
  type: 'date',
  admin: { date: { pickerAppearance: 'dayAndTime' }, description },
  index,
})

/** What the notice says and how it went out: once set, never changed (hooks/appendOnly.ts). */
const KEPT = [
  'creditApp',
  'kind',
  'follows',
  'decidedAt',
  'dueAt',
  'applicantName',
  'applicantEmail',
  'applicantAddress',
  'reason',
  'score',
  'scoreRangeLow',
  'scoreRangeHigh',
  'scoreDate',
  'keyFactors',
  'bureau',
  'counteroffer',
  'counterofferLapsedAt',
  'creditorName',
  'creditorAddress',
  'creditorPhone',
  'deliveredAt',
  'deliveryMethod',
  'deliveredBy',
  'deliveredTo',
  'withdrawnAt',
  'withdrawnReason',
]

/**
 * An adverse-action notice owed to a credit applicant (ECOA/Reg B 12 CFR 1002.9, FCRA 615):
 * made by the service from a provider's decline or counteroffer, an app never placed with a
 * lender, or a counteroffer left unaccepted (src/compliance/adverseAction). Staff deliver it
 * (POST …/deliver: e-mail, or record a mailing or a hand-over) and print it (GET …/print).
 * Kept: nobody creates or deletes one over the API, and it reads as it happened: what it says
 * and its delivery never change once set; the counteroffer's acceptance, the one time staff
 * give, is not in the future nor before the decision, and changes only through a correction.
 */
export const AdverseActionNotices: CollectionConfig = {
  slug: 'adverse-action-notice',
  access: policyAccess('adverse-action-notice'),
  custom: {
    // A dealer reads the notices of its company's credit apps.
    dealerScope: { rows: 'dealerships' },
    appendOnly: {
      corrections: ['counterofferAcceptedAt'],
      fields: KEPT,
      times: [{ field: 'counterofferAcceptedAt', notBefore: 'decidedAt' }],
    },
  },
  admin: {
    defaultColumns: ['applicantName', 'kind', 'dueAt', 'deliveredAt', 'deliveryMethod'],
    description:
      'Adverse-action notices owed to credit applicants: due 30 days after the decision.',
    group: 'Compliance',
    useAsTitle: 'applicantName',
  },
  endpoints: [printNoticeEndpoint, deliverNoticeEndpoint],
  fields: [
    {
      name: 'actions',
      type: 'ui',
      admin: {
        components: {
          Field: '/src/admin/adverseAction/NoticeActionsField#NoticeActionsField',
        },
      },
    },
    fixed({
      name: 'creditApp',
      type: 'relationship',
      index: true,
      relationTo: 'credit-app',
      required: true,
    }),
    fixed({
      name: 'kind',
      type: 'select',
      admin: { description: 'The action the notice tells of.' },
      enumName: 'enum_adverse_action_kind',
      options: noticeKinds.map((value) => ({ label: label(value), value })),
      required: true,
    }),
    fixed({
      name: 'follows',
      type: 'relationship',
      admin: { description: 'The counteroffer notice this one follows.' },
      relationTo: 'adverse-action-notice',
    }),
    fixed(dateTime('decidedAt', 'When the decision was made (the provider answered, or gave up).')),
    fixed(dateTime('dueAt', 'When the notice must have been delivered by.', true)),
    {
      type: 'row',
      fields: [
        fixed({ name: 'applicantName', type: 'text' }),
        fixed({ name: 'applicantEmail', type: 'text' }),
      ],
    },
    fixed({ name: 'applicantAddress', type: 'text' }),
    fixed({
      name: 'reason',
      type: 'text',
      admin: { description: "The provider's reason, for an app never placed." },
    }),
    {
      type: 'row',
      fields: [
        fixed({ name: 'score', type: 'number', admin: { description: 'The credit score used.' } }),
        fixed({ name: 'scoreRangeLow', type: 'number' }),
        fixed({ name: 'scoreRangeHigh', type: 'number' }),
        fixed({ name: 'scoreDate', type: 'text' }),
      ],
    },
    fixed({
      name: 'keyFactors',
      type: 'array',
      admin: { description: 'Up to four key factors that adversely affected the score.' },
      fields: [{ name: 'factor', type: 'text', required: true }],
      maxRows: 4,
    }),
    fixed({
      name: 'bureau',
      type: 'select',
      admin: { description: 'The consumer reporting agency whose report was used.' },
      enumName: 'enum_adverse_action_bureau',
      options: bureauSlugs.map((value) => ({ label: label(value), value })),
    }),
    fixed({
      name: 'counteroffer',
      type: 'text',
      admin: { description: 'The terms offered instead.' },
    }),
    {
      ...dateTime(
        'counterofferAcceptedAt',
        'When the applicant accepted the counteroffer (set it, and no further notice is made).',
      ),
    },
    fixed(
      dateTime(
        'counterofferLapsedAt',
        'When the counteroffer lapsed unaccepted and got its own notice.',
      ),
    ),
    {
      type: 'row',
      fields: [
        fixed({ name: 'creditorName', type: 'text' }),
        fixed({ name: 'creditorAddress', type: 'text' }),
        fixed({ name: 'creditorPhone', type: 'text' }),
      ],
    },
    {
      type: 'collapsible',
      fields: [
        fixed(dateTime('deliveredAt', 'When it was delivered.', true)),
        fixed({
          name: 'deliveryMethod',
          type: 'select',
          enumName: 'enum_adverse_action_delivery',
          options: deliveryMethods.map((value) => ({ label: label(value), value })),
        }),
        fixed({
          name: 'deliveredBy',
          type: 'text',
          access: { read: notDealersFieldLevel },
          admin: { description: 'The staff user or API client who delivered it.' },
        }),
        fixed({
          name: 'deliveredTo',
          type: 'text',
          admin: { description: 'The e-mail address, mailing address or person it went to.' },
        }),
      ],
      label: 'Delivery',
    },
    {
      type: 'row',
      fields: [
        fixed(
          dateTime(
            'withdrawnAt',
            'When the notice stopped being owed: the app was placed with a lender after all.',
          ),
        ),
        fixed({ name: 'withdrawnReason', type: 'text' }),
      ],
    },
  ],
  labels: { plural: 'Adverse-action notices', singular: 'Adverse-action notice' },
}

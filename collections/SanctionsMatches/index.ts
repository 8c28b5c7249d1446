import type { CollectionConfig, Field } from 'payload'

import { reviewMatchEndpoint } from '@/flows/creditHolds'

import { notDealersFieldLevel } from '../../access/dealer'
import { nobodyFieldLevel } from '../../access/nobody'
import { policyAccess } from '../../access/policy'

const fixed = (field: Field): Field =>
  ({
    ...field,
    access: { create: nobodyFieldLevel, update: nobodyFieldLevel },
    admin: { ...field.admin, readOnly: true },
  }) as Field

/** A reviewer's e-mail or id: not shown to dealers, to whom house staff are names only. */
const byReviewer = (field: Field): Field =>
  ({
    ...field,
    access: { ...('access' in field && field.access), read: notDealersFieldLevel },
  }) as Field

const label = (value: string) => (value[0].toUpperCase() + value.slice(1)).replace(/_/g, ' ')

/**
 * The review queue of sanctions screening: a person of a credit app or deal whose name scored
 * at or above SANCTIONS_MATCH_THRESHOLD against an SDN entry. A reviewer clears or confirms it
 * with a reason (POST …/review, or the buttons on its page); one scored at or above
 * SANCTIONS_SECOND_REVIEW_SCORE is cleared by a staff admin or by two staff users (the first
 * clearance waits in `firstClearance`). A credit app with a pending match is not sent to its
 * provider, and one with a confirmed match is blocked. Written by the service only; kept.
 */
export const SanctionsMatches: CollectionConfig = {
  slug: 'sanctions-match',
  access: policyAccess('sanctions-match'),
  // A dealer reads the matches of its company's credit apps and deals: why one waits.
  custom: { dealerScope: { rows: 'dealerships' } },
  admin: {
    defaultColumns: ['screenedName', 'listedName', 'score', 'status', 'subjectId', 'createdAt'],
    description: 'Possible sanctions matches: clear or confirm each, saying why.',
    group: 'Compliance',
    useAsTitle: 'screenedName',
  },
  endpoints: [reviewMatchEndpoint],
  fields: [
    {
      name: 'review',
      type: 'ui',
      admin: {
        components: { Field: '/src/admin/sanctions/ReviewMatchField#ReviewMatchField' },
      },
    },
    fixed({
      name: 'status',
      type: 'select',
      defaultValue: 'pending',
      enumName: 'enum_sanctions_match_status',
      index: true,
      options: ['pending', 'cleared', 'confirmed'].map((value) => ({ label: label(value), value })),
      required: true,
    }),
    {
      type: 'row',
      fields: [
        fixed({
          name: 'subjectCollection',
          type: 'select',
          enumName: 'enum_sanctions_match_subject',
          options: [
            { label: 'Credit app', value: 'credit-app' },
            { label: 'Deal', value: 'deal' },
          ],
          required: true,
        }),
        fixed({
          name: 'subjectId',
          type: 'text',
          admin: {
            components: {
              Cell: '/src/admin/sanctions/MatchSubject#SubjectCell',
              Field: '/src/admin/sanctions/MatchSubject#SubjectField',
            },
          },
          index: true,
          label: 'Subject',
          required: true,
        }),
        fixed({
          name: 'role',
          type: 'select',
          enumName: 'enum_sanctions_match_role',
          options: ['applicant', 'co_applicant', 'buyer', 'co_buyer'].map((value) => ({
            label: label(value),
            value,
          })),
          required: true,
        }),
      ],
    },
    fixed({
      name: 'screenedName',
      type: 'text',
      admin: { description: 'The name screened.' },
      required: true,
    }),
    {
      type: 'row',
      fields: [
        fixed({
          name: 'listedName',
          type: 'text',
          admin: { description: "The entry's primary name." },
        }),
        fixed({
          name: 'matchedName',
          type: 'text',
          admin: { description: 'The name or alias that matched.' },
        }),
        fixed({
          name: 'entNum',
          type: 'number',
          admin: { description: "OFAC's entry number." },
          required: true,
        }),
      ],
    },
    {
      type: 'row',
      fields: [
        fixed({
          name: 'score',
          type: 'number',
          admin: { description: 'After birth date and address.' },
        }),
        fixed({
          name: 'nameScore',
          type: 'number',
          admin: { description: 'The name alone (0–100).' },
        }),
      ],
    },
    fixed({
      name: 'signals',
      type: 'text',
      admin: { description: 'What raised or lowered the score.' },
    }),
    fixed({ name: 'programs', type: 'text' }),
    {
      name: 'screenedPerson',
      type: 'ui',
      admin: { components: { Field: '/src/admin/sanctions/ScreenedPerson#ScreenedPerson' } },
    },
    fixed({
      name: 'remarks',
      type: 'textarea',
      admin: { description: "The list entry's remarks: its birth dates, places and documents." },
    }),
    fixed({ name: 'list', type: 'relationship', relationTo: 'sanctions-list' }),
    {
      type: 'row',
      fields: [
        byReviewer(fixed({ name: 'reviewedBy', type: 'text' })),
        fixed({
          name: 'reviewedAt',
          type: 'date',
          admin: { date: { pickerAppearance: 'dayAndTime' } },
        }),
      ],
    },
    fixed({ name: 'reviewReason', type: 'textarea' }),
    fixed({
      name: 'firstClearance',
      type: 'group',
      admin: {
        description:
          "A match scored at or above SANCTIONS_SECOND_REVIEW_SCORE is cleared by a staff admin, or by two staff users: the first one's clearance, waiting for the second.",
      },
      fields: [
        {
          type: 'row',
          fields: [
            byReviewer({ name: 'by', type: 'text' }),
            {
              name: 'at',
              type: 'date',
              admin: { date: { pickerAppearance: 'dayAndTime' } },
            },
            byReviewer({
              name: 'userId',
              type: 'number',
              admin: { description: 'The staff user who cleared it first.' },
            }),
          ],
        },
        { name: 'reason', type: 'textarea' },
      ],
    }),
  ],
  labels: { plural: 'Sanctions matches', singular: 'Sanctions match' },
}

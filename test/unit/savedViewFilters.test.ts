/**
 * A saved view's filter in words (src/admin/savedViews/describe.ts), as the picker of saved views
 * shows it: each condition with its field's label, its operator in words, its placeholders as
 * "me", "now" and "the start of today (UTC)", options by their labels, dates as moments; and the
 * picker's cell set on the built config in place of Payload's. Reads the built config (no
 * database).
 */
import { describe, expect, it } from '@jest/globals'
import type { SanitizedConfig } from 'payload'

import { describeFilter } from '@/admin/savedViews/describe'

const config = async (): Promise<SanitizedConfig> => (await import('../../payload.config')).default

const fieldsOf = async (slug: string) =>
  (await config()).collections.find((collection) => collection.slug === slug)!.flattenedFields

describe('a saved view’s filter in words', () => {
  it('says the shipped views as their titles do', async () => {
    const lead = await fieldsOf('lead')
    expect(
      describeFilter(
        {
          or: [
            {
              and: [
                { assignee: { equals: '{{me}}' } },
                { followUpDue: { less_than_equal: '{{now}}' } },
                { mergedInto: { exists: false } },
              ],
            },
          ],
        },
        lead,
      ),
    ).toEqual(['Assignee is me and Follow-up due is on or before now and Merged into is empty'])
    expect(
      describeFilter(
        { or: [{ and: [{ createdAt: { greater_than_equal: '{{startOfToday}}' } }] }] },
        lead,
      ),
    ).toEqual(['Created At is on or after the start of today (UTC)'])
    const app = await fieldsOf('credit-app')
    expect(
      describeFilter(
        { or: [{ and: [{ 'providerSubmission.status': { equals: 'failed' } }] }] },
        app,
      ),
    ).toEqual([expect.stringMatching(/^Provider Submission › Status is Failed$/i)])
  })

  it('writes values as people read them, and each "or" apart', async () => {
    const lead = await fieldsOf('lead')
    expect(
      describeFilter(
        {
          or: [
            { and: [{ followUpDue: { greater_than: '2026-11-28T15:30:00.000Z' } }] },
            {
              and: [
                { source: { in: ['website', 'phone'] } },
                { firstContactedAt: { exists: 'true' } },
              ],
            },
          ],
        },
        lead,
      ),
    ).toEqual([
      'Follow-up due is after Nov 28, 2026, 3:30 PM UTC',
      'Source is one of website, phone and First Contacted At is set',
    ])
    expect(describeFilter({}, lead)).toEqual([])
  })

  it('is what the picker of saved views shows, in place of Payload’s cell', async () => {
    const presets = (await config()).collections.find(
      (collection) => collection.slug === 'payload-query-presets',
    )!
    const where = presets.fields.find((field) => 'name' in field && field.name === 'where')!
    expect(where.admin?.components).toMatchObject({
      Cell: '/src/admin/savedViews/FiltersCell#FiltersCell',
    })
  })
})

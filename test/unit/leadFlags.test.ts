import { describe, expect, it } from '@jest/globals'

import { leadAge, leadFlags } from '@/leadDesk/flags'

const now = new Date('2026-11-28T18:00:00Z')
const labels = (lead: Parameters<typeof leadFlags>[0]) => leadFlags(lead, now).map((f) => f.label)

describe('leadFlags', () => {
  it('flags an uncontacted lead as new, and as escalated once escalated instead', () => {
    expect(labels({})).toEqual(['New'])
    expect(labels({ escalatedAt: '2026-11-28T17:00:00Z' })).toEqual(['Escalated'])
    expect(
      labels({ escalatedAt: '2026-11-28T17:00:00Z', firstContactedAt: '2026-11-28T17:30:00Z' }),
    ).toEqual([])
  })

  it('flags an overdue follow-up, not one still to come; a do-not-contact lead is only that', () => {
    expect(
      labels({
        doNotContact: { at: '2026-11-27T10:00:00Z' },
        firstContactedAt: '2026-11-27T09:00:00Z',
        followUpDue: '2026-11-28T17:59:00Z',
      }),
    ).toEqual(['Do not contact'])
    expect(
      labels({ firstContactedAt: '2026-11-27T09:00:00Z', followUpDue: '2026-11-28T17:59:00Z' }),
    ).toEqual(['Follow-up overdue'])
    expect(
      labels({ firstContactedAt: '2026-11-27T09:00:00Z', followUpDue: '2026-11-28T18:01:00Z' }),
    ).toEqual([])
    expect(labels({ doNotContact: { at: '2026-11-27T10:00:00Z' } })).toEqual(['Do not contact'])
  })

  it('a merged lead is only "Merged": its work goes on on the other lead', () => {
    expect(labels({ followUpDue: '2026-11-01T00:00:00Z', mergedInto: 4 })).toEqual(['Merged'])
  })
})

describe('leadAge', () => {
  it('says minutes, then hours up to two days, then days', () => {
    expect(leadAge('2026-11-28T17:48:00Z', now)).toBe('12 min')
    expect(leadAge('2026-11-28T13:00:00Z', now)).toBe('5 h')
    expect(leadAge('2026-11-27T00:00:00Z', now)).toBe('42 h')
    expect(leadAge('2026-11-25T17:00:00Z', now)).toBe('3 d')
    expect(leadAge(null, now)).toBe('')
  })
})

/** Moments of an export in the viewer's time zone (src/admin/transfer/zonedTimes.ts). */
import { describe, expect, it } from '@jest/globals'

import { timeZoneParam, zonedIso } from '@/admin/transfer/zonedTimes'
import { ClientError } from '@/errors'

describe('zonedIso', () => {
  it.each([
    ['2026-11-28T17:30:00.000Z', 'America/Los_Angeles', '2026-11-28T09:30:00-08:00'],
    ['2026-07-04T17:30:00.000Z', 'America/Los_Angeles', '2026-07-04T10:30:00-07:00'],
    ['2026-11-28T17:30:00.000Z', 'Asia/Kolkata', '2026-11-28T23:00:00+05:30'],
    ['2026-11-28T17:30:00.250Z', 'UTC', '2026-11-28T17:30:00.250+00:00'],
    ['2026-12-31T23:59:59.000Z', 'Pacific/Auckland', '2027-01-01T12:59:59+13:00'],
  ])('writes %s in %s as %s, the same moment', (stored, zone, local) => {
    expect(zonedIso(stored, zone)).toBe(local)
    expect(new Date(local).getTime()).toBe(new Date(stored).getTime())
  })

  it('names the same moment where an old rule had an offset with seconds (Monrovia, 1960)', () => {
    const local = zonedIso('1960-06-01T12:00:00.000Z', 'Africa/Monrovia')
    expect(local).toMatch(/^1960-06-01T11:1\d:00-00:4\d$/)
    expect(new Date(String(local)).getTime()).toBe(Date.parse('1960-06-01T12:00:00.000Z'))
  })

  it('leaves what is not a moment as it is', () => {
    for (const value of [undefined, null, 3, 'not a date'])
      expect(zonedIso(value, 'UTC')).toBe(value)
  })
})

describe('timeZoneParam', () => {
  it('takes an IANA zone, and no zone when none is given', () => {
    expect(timeZoneParam('America/Los_Angeles')).toBe('America/Los_Angeles')
    expect(timeZoneParam(undefined)).toBeUndefined()
    expect(timeZoneParam('')).toBeUndefined()
  })

  it.each([['Mars/Olympus'], [['UTC', 'UTC']], [{ zone: 'UTC' }]])(
    'refuses %j with a 400',
    (raw) => {
      expect(() => timeZoneParam(raw)).toThrow(ClientError)
      expect(() => timeZoneParam(raw)).toThrow(/IANA time zone/)
    },
  )
})

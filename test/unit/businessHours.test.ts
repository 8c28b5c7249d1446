/** Business time of a location (src/leadDesk/businessHours.ts): what counts toward a lead's first contact. */
import { describe, expect, it } from '@jest/globals'

import { addBusinessMinutes, type BusinessHours, windowOf } from '@/leadDesk/businessHours'

const LA = {
  hours: {
    friday: '09:00-19:00',
    monday: '09:00-19:00',
    saturday: '09:00-17:00',
    thursday: '09:00-19:00',
    tuesday: '09:00-19:00',
    wednesday: '09:00-19:00',
  },
  timeZone: 'America/Los_Angeles',
}

const due = (start: string, minutes: number, hours: BusinessHours = LA) =>
  addBusinessMinutes(new Date(start), minutes, hours).toISOString()

describe('addBusinessMinutes', () => {
  it('counts the clock while the location is open', () => {
    // Wednesday 10:00 in Los Angeles (PST, UTC-8).
    expect(due('2026-11-25T18:00:00Z', 30)).toBe('2026-11-25T18:30:00.000Z')
  })

  it('carries what is left of the day over to the next opening', () => {
    // Wednesday 18:50: 10 minutes today, 20 on Thursday from 09:00.
    expect(due('2026-11-26T02:50:00Z', 30)).toBe('2026-11-26T17:20:00.000Z')
  })

  it('a lead at night, or on a closed day, is due that long after the next opening', () => {
    // Saturday 20:00 (closed from 17:00), Sunday closed: Monday 09:30.
    expect(due('2026-11-29T04:00:00Z', 30)).toBe('2026-11-30T17:30:00.000Z')
    // Sunday noon: Monday 09:30 too.
    expect(due('2026-11-29T20:00:00Z', 30)).toBe('2026-11-30T17:30:00.000Z')
  })

  it('follows the time zone across a change of daylight saving time', () => {
    // Friday 2026-10-30 18:50 PDT (UTC-7); Saturday 09:00 is still PDT; then Monday 09:00 PST.
    expect(due('2026-10-31T01:50:00Z', 30)).toBe('2026-10-31T16:20:00.000Z')
    // Saturday 2026-10-31 17:00 PDT is closing time; Sunday closed; Monday 09:00 PST = 17:00 UTC.
    expect(due('2026-11-01T00:00:00Z', 60)).toBe('2026-11-02T18:00:00.000Z')
  })

  it('counts around the clock with no hours at all, and zero minutes is the next open moment', () => {
    expect(due('2026-11-29T04:00:00Z', 30, { hours: {}, timeZone: 'UTC' })).toBe(
      '2026-11-29T04:30:00.000Z',
    )
    expect(due('2026-11-29T04:00:00Z', 0)).toBe('2026-11-30T17:00:00.000Z')
    expect(due('2026-11-25T18:00:00Z', 0)).toBe('2026-11-25T18:00:00.000Z')
  })

  it('an unknown time zone counts in UTC', () => {
    expect(due('2026-11-25T08:00:00Z', 30, { ...LA, timeZone: 'Nowhere/Else' })).toBe(
      '2026-11-25T09:30:00.000Z',
    )
  })
})

describe('windowOf', () => {
  it('reads HH:MM-HH:MM, and nothing else', () => {
    expect(windowOf('09:00-18:30')).toEqual([540, 1110])
    expect(windowOf('00:00-24:00')).toEqual([0, 1440])
    for (const bad of ['', '9-5', '18:00-09:00', '09:00-09:00', '25:00-26:00', null])
      expect(windowOf(bad)).toBeNull()
  })
})

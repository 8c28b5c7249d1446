/** How the admin UI writes stored values for staff to read (src/admin/values/format.ts). */
import { describe, expect, it } from '@jest/globals'

import {
  bidChanges,
  formatDateTime,
  formatMoney,
  formatPhone,
  listItems,
  vehicleTitle,
  yesNo,
} from '@/admin/values/format'
import { submissionText } from '@/admin/values/submission'

describe('money', () => {
  it.each([
    [23750, '$23,750.00'],
    [0, '$0.00'],
    [1234567.5, '$1,234,567.50'],
    [19.999, '$20.00'],
    [-5, '-$5.00'],
  ])('%p reads %s', (value, text) => expect(formatMoney(value)).toBe(text))

  it.each([null, undefined, '23750', Number.NaN, Infinity])('%p reads as nothing', (value) =>
    expect(formatMoney(value)).toBe(''),
  )
})

describe('booleans', () => {
  it('read Yes and No; unset reads as nothing', () => {
    expect([true, false, null, undefined, 'true'].map(yesNo)).toEqual(['Yes', 'No', '', '', ''])
  })
})

describe('phone numbers', () => {
  it.each([
    '(213) 555-0147',
    '213-555-0147',
    '2135550147',
    '+1 213-555-0147',
    '1 (213) 555-0147',
    '+12135550147',
    '213 555-0147',
  ])('%s reads (213) 555-0147', (stored) => expect(formatPhone(stored)).toBe('(213) 555-0147'))

  it('shows what does not match the pattern as stored, and nothing for no value', () => {
    expect(formatPhone('ext. 12')).toBe('ext. 12')
    expect(formatPhone(null)).toBe('')
    expect(formatPhone(2135550147)).toBe('')
  })
})

describe('lists', () => {
  it('list their items in order, formatted, without empty ones; one value is a list of one', () => {
    expect(listItems(['2135550147', '', null, '512-555-0112'], formatPhone)).toEqual([
      '(213) 555-0147',
      '(512) 555-0112',
    ])
    expect(listItems('sales')).toEqual(['sales'])
    expect(listItems(undefined)).toEqual([])
  })
})

describe('moments', () => {
  const moment = '2026-01-31T17:05:00.000Z'

  it("are written in the viewer's locale and time zone", () => {
    expect(formatDateTime(moment, 'en-US', 'UTC')).toBe('Jan 31, 2026, 5:05 PM')
    expect(formatDateTime(moment, 'de-DE', 'UTC')).toBe('31.01.2026, 17:05')
    expect(formatDateTime(moment, 'en-GB', 'America/Los_Angeles')).toBe('31 Jan 2026, 09:05')
  })

  it('read as nothing when there is none or it is no date', () => {
    expect(formatDateTime(null)).toBe('')
    expect(formatDateTime('soon')).toBe('')
  })
})

describe('vehicles', () => {
  it('are titled year make model trim, with the parts known', () => {
    expect(vehicleTitle({ make: 'Toyota', model: 'Camry', trim: 'LE', year: 2022 })).toBe(
      '2022 Toyota Camry LE',
    )
    expect(vehicleTitle({ make: ' Ford ', model: 'F-150', trim: '' })).toBe('Ford F-150')
    expect(vehicleTitle(null)).toBe('')
  })
})

describe('credit-app submissions', () => {
  it('say where sending the app stands, or that it was not sent', () => {
    expect(submissionText({ status: 'failed' })).toBe('submission failed')
    expect(submissionText({ status: 'accepted' })).toBe('accepted by the provider')
    expect(submissionText({ status: null })).toBe('not sent')
    expect(submissionText(undefined)).toBe('not sent')
  })
})

describe('bid history', () => {
  const version = (at: string, min: number, current: null | number, max: number) => ({
    at,
    bids: { currentBidPrice: current, maximumBidPrice: max, minimumBidPrice: min },
    by: 'Sam',
  })

  it('keeps the versions that changed a bid, oldest first, with who saved them', () => {
    expect(
      bidChanges([
        version('1', 22000, null, 25500),
        version('2', 22000, null, 25500),
        version('3', 22000, 23750, 25500),
        version('4', 22000, 23750, 25500),
        version('5', 22500, 23750, 25500),
      ]),
    ).toEqual([
      { at: '1', by: 'Sam', currentBidPrice: null, maximumBidPrice: 25500, minimumBidPrice: 22000 },
      {
        at: '3',
        by: 'Sam',
        currentBidPrice: 23750,
        maximumBidPrice: 25500,
        minimumBidPrice: 22000,
      },
      {
        at: '5',
        by: 'Sam',
        currentBidPrice: 23750,
        maximumBidPrice: 25500,
        minimumBidPrice: 22500,
      },
    ])
    expect(bidChanges([])).toEqual([])
  })
})

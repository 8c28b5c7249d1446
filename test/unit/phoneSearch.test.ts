/**
 * One phone normalisation for searching and for matching duplicates (src/lib/normalise.ts): the
 * keys a record is searched by are the phones its duplicates are matched by, and a search term
 * finds them written any way.
 */
import { describe, expect, it } from '@jest/globals'

import { matchKeysOf } from '@/leadDesk/matchKeys'
import { phoneKeysOf, phoneSearchKey } from '@/lib/normalise'

describe('phone keys', () => {
  it('are each number in E.164, once, sorted; what is not a number is left out', () => {
    expect(phoneKeysOf(['(213) 555-0147', '+1 323-555-0199', '213-555-0147', null, 'n/a'])).toBe(
      '+12135550147 +13235550199',
    )
    expect(phoneKeysOf([null, '', 'none'])).toBeNull()
  })

  it('are the phones the duplicate rules compare', () => {
    const phones = ['(213) 555-0147', '+1 323-555-0199', '2135550147']
    expect(phoneKeysOf(phones)).toBe(matchKeysOf({ phones }).phones.join(' '))
  })
})

describe('a search term as a phone number', () => {
  it('is the E.164 key of a whole number, however it is written', () => {
    for (const term of [
      '(512) 555-0112',
      '512-555-0112',
      '5125550112',
      '512.555.0112',
      '+1 512 555 0112',
      '1 (512) 555-0112',
      ' 512 555 0112 ',
    ])
      expect([term, phoneSearchKey(term)]).toEqual([term, '+15125550112'])
  })

  it('is the digits of part of a number, found inside any stored key', () => {
    expect(phoneSearchKey('555-0112')).toBe('5550112')
    expect(phoneSearchKey('0112')).toBe('0112')
    expect('+15125550112'.includes(phoneSearchKey('(512) 555') ?? '-')).toBe(true)
  })

  it('is nothing for text, or fewer than 4 digits', () => {
    for (const term of ['María', 'Camry 2022', '4T1B11HK7NU000123', '512', '12-3', '', 'a1234'])
      expect([term, phoneSearchKey(term)]).toEqual([term, null])
  })
})

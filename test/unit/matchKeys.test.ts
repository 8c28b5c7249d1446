/** The values duplicate leads are compared by, and the three rules (src/leadDesk/matchKeys.ts). */
import { describe, expect, it } from '@jest/globals'

import {
  DUPLICATE_RULES,
  editDistance,
  matchKeysOf,
  normaliseEmail,
  normaliseName,
  normalisePhone,
  ruleMatching,
} from '@/leadDesk/matchKeys'

describe('normalised values', () => {
  it('e-mails: lower-case and trimmed, Gmail dots and +tags kept apart', () => {
    expect(normaliseEmail('  Pat.Lee@Example.COM ')).toBe('pat.lee@example.com')
    expect(normaliseEmail('pat.lee+cars@gmail.com')).not.toBe(normaliseEmail('patlee@gmail.com'))
    expect(normaliseEmail('not an address')).toBeNull()
  })

  it('phones: one E.164 form however a US number is written; not a number, no key', () => {
    const forms = [
      '(213) 555-0147',
      '213-555-0147',
      '+1 213 555-0147',
      '2135550147',
      '1 213 555 0147',
    ]
    expect(new Set(forms.map(normalisePhone))).toEqual(new Set(['+12135550147']))
    expect(normalisePhone('+44 20 7946 0958')).toBe('+442079460958')
    expect(normalisePhone('call me')).toBeNull()
    expect(normalisePhone('')).toBeNull()
  })

  it('names: case, accents, spaces and hyphens do not count', () => {
    expect(normaliseName('  José-María ')).toBe('jose maria')
    expect(normaliseName('JOSE  MARIA')).toBe('jose maria')
    expect(normaliseName('   ')).toBeNull()
  })

  it("a lead's own values first, else its consumer's; phones of both", () => {
    expect(
      matchKeysOf(
        { firstName: 'Ana', phones: ['(310) 555-0190', null] },
        {
          email: 'ANA@example.com',
          firstName: 'Anabel',
          lastName: 'Lopez',
          phones: ['310-555-0191'],
        },
      ),
    ).toEqual({
      email: 'ana@example.com',
      firstName: 'ana',
      lastName: 'lopez',
      phones: ['+13105550190', '+13105550191'],
    })
  })
})

describe('editDistance (Damerau–Levenshtein, optimal string alignment)', () => {
  it.each([
    ['katherine', 'katherine', 0],
    ['katherine', 'kahterine', 1],
    ['katherine', 'kathrine', 1],
    ['katherine', 'catherin', 2],
    ['jon', 'john', 1],
    ['katherine', 'karen', 5],
    ['', 'abc', 3],
  ])('%s → %s: %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance)
    expect(editDistance(b, a)).toBe(distance)
  })

  it('stops past its limit, answering limit + 1', () => {
    expect(editDistance('katherine', 'karen', 2)).toBe(3)
  })
})

describe('ruleMatching', () => {
  const keys = (
    firstName: string,
    lastName: string,
    phones: string[],
    email: null | string = null,
  ) => matchKeysOf({ email, firstName, lastName, phones })

  it('the first rule that holds, in their order', () => {
    const a = keys('Katherine', 'Miles', ['2135550101'], 'k@example.com')
    expect(ruleMatching(a, keys('Other', 'Person', [], 'K@example.com'), DUPLICATE_RULES)).toBe(
      'email',
    )
    expect(ruleMatching(a, keys('katherine', 'MILES', ['(213) 555-0101']), DUPLICATE_RULES)).toBe(
      'name-phone',
    )
    expect(ruleMatching(a, keys('Kathrine', 'Miles', ['213-555-0101']), DUPLICATE_RULES)).toBe(
      'similar-name-phone',
    )
  })

  it('nothing without a shared phone, another last name, or a rule that is off', () => {
    const a = keys('Katherine', 'Miles', ['2135550101'], 'k@example.com')
    expect(ruleMatching(a, keys('Katherine', 'Miles', ['2135550102']), DUPLICATE_RULES)).toBeNull()
    expect(ruleMatching(a, keys('Katherine', 'Myles', ['2135550101']), DUPLICATE_RULES)).toBeNull()
    expect(ruleMatching(a, keys('Karen', 'Miles', ['2135550101']), DUPLICATE_RULES)).toBeNull()
    expect(ruleMatching(a, keys('Kathrine', 'Miles', ['2135550101']), ['name-phone'])).toBeNull()
    expect(ruleMatching(a, keys('X', 'Y', [], 'k@example.com'), ['name-phone'])).toBeNull()
  })
})

/** VIN validation: alphabet, check digit (49 CFR 565), model year with the position-7 rule. */
import { describe, expect, it } from '@jest/globals'

import { checkDigitOf, modelYearOf, validateVin } from '@/validation/vin'

describe('check digit', () => {
  it.each([
    ['1HGCM82633A004352', '3'], // 2003 Honda Accord, the textbook example
    ['11111111111111111', '1'], // all ones: the classic self-check
    ['1M8GDM9AXKP042788', 'X'], // a check digit of 10 is written X
  ])('%s carries %s', (vin, digit) => {
    expect(checkDigitOf(vin)).toBe(digit)
    expect(validateVin(vin)).toMatchObject({ ok: true })
  })

  it('refuses a North American VIN whose check digit is wrong, saying which it should be', () => {
    expect(validateVin('1HGCM82643A004352')).toEqual({
      ok: false,
      reason: 'the check digit (position 9) should be 3',
    })
  })

  it('does not require the check digit outside North America', () => {
    expect(validateVin('WVWZZZ1JZXW000001')).toMatchObject({ ok: true })
  })
})

describe('format', () => {
  it.each([
    ['1HGCM82633A00435', 'a VIN has 17 characters, this one has 16'],
    ['1HGCM82633A0043520', 'a VIN has 17 characters, this one has 18'],
    ['1HGCM82633A00435O', 'a VIN uses digits and capital letters except I, O and Q'],
    ['1HGCM8263QA004352', 'a VIN uses digits and capital letters except I, O and Q'],
  ])('%s: %s', (vin, reason) => {
    expect(validateVin(vin)).toEqual({ ok: false, reason })
  })

  it('accepts lower case and surrounding spaces, normalised', () => {
    expect(validateVin(' 1hgcm82633a004352 ')).toEqual({
      modelYear: 2003,
      ok: true,
      vin: '1HGCM82633A004352',
    })
  })
})

describe('model year', () => {
  it.each([
    ['1HGCM82633A004352', 2003], // position 7 a digit: 1980–2009 cycle
    ['5YJ3E1EA0PF000789', 2023], // position 7 a letter: 2010–2039 cycle
    ['1FTFW1E50MFA00456', 2021],
    ['4T1B11HK7NU000123', 2022],
    ['1M8GDM9AXKP042788', 1989],
  ])('%s is model year %i', (vin, year) => {
    expect(modelYearOf(vin)).toBe(year)
  })
})

/**
 * VIN validation per 49 CFR 565 / ISO 3779: the alphabet, the check digit (position 9) and the
 * model year (position 10, read with the position-7 rule).
 */
import { isVinFormat } from './formats'

/** Transliteration of letters to values (49 CFR 565.15, table I); digits stand for themselves. */
const VALUES: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
}
/** Position weights (table II); position 9, the check digit itself, weighs 0. */
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2]
/** Model-year codes of position 10, in order from 1980 (and again from 2010). */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789'

const value = (char: string): number => (char >= '0' && char <= '9' ? Number(char) : VALUES[char])

/** The check digit a VIN should carry in position 9: "0"–"9" or "X" (for 10). */
export const checkDigitOf = (vin: string): string => {
  const sum = [...vin].reduce((total, char, i) => total + value(char) * WEIGHTS[i], 0)
  const remainder = sum % 11
  return remainder === 10 ? 'X' : String(remainder)
}

/** World manufacturer identifiers starting 1–5 are North American (US, Canada, Mexico). */
export const isNorthAmerican = (vin: string): boolean => /^[1-5]/.test(vin)

/**
 * The model year from position 10. The code cycles every 30 years; for cars, light trucks and
 * MPVs a letter in position 7 means the 2010–2039 cycle and a digit the 1980–2009 one.
 */
export const modelYearOf = (vin: string): null | number => {
  const index = YEAR_CODES.indexOf(vin[9])
  if (index === -1) return null
  return (/[A-Z]/.test(vin[6]) ? 2010 : 1980) + index
}

export type VinCheck =
  { modelYear: null | number; ok: true; vin: string } | { ok: false; reason: string }

/** Normalises (trim, upper-case) and checks a VIN; the reason says what is wrong. */
export const validateVin = (input: string): VinCheck => {
  const vin = input.trim().toUpperCase()
  if (vin.length !== 17)
    return { ok: false, reason: `a VIN has 17 characters, this one has ${vin.length}` }
  if (!isVinFormat(vin))
    return { ok: false, reason: 'a VIN uses digits and capital letters except I, O and Q' }
  if (isNorthAmerican(vin) && vin[8] !== checkDigitOf(vin)) {
    return { ok: false, reason: `the check digit (position 9) should be ${checkDigitOf(vin)}` }
  }
  return { modelYear: modelYearOf(vin), ok: true, vin }
}

import { expect } from '@jest/globals'

import { CATEGORIES, YEAR_FIELDS } from '@/lookups/tco/model'

/** The 2.17 invariants: complete, finite, non-negative, and adding up. */
export const expectTcoInvariants = (
  tco: { total: Record<string, number>; years: Record<string, Record<string, number>> },
  milesPerYear: number,
): void => {
  expect(Object.keys(tco.years).sort()).toEqual(['1', '2', '3', '4', '5'])
  expect(Object.keys(tco.total).sort()).toEqual([...YEAR_FIELDS, 'federalTaxCredit'].sort())
  for (const year of Object.values(tco.years)) {
    expect(Object.keys(year).sort()).toEqual([...YEAR_FIELDS].sort())
    for (const value of Object.values(year)) {
      expect(Number.isFinite(value)).toBe(true)
      expect(value).toBeGreaterThanOrEqual(0)
    }
    expect(year.tcoPrice).toBe(CATEGORIES.reduce((sum, name) => sum + year[name], 0))
    expect(year.averageCostPerMile).toBe(tco.total.averageCostPerMile)
  }
  for (const name of CATEGORIES)
    expect(tco.total[name]).toBe(
      Object.values(tco.years).reduce((sum, year) => sum + year[name], 0),
    )
  const yearsTotal = Object.values(tco.years).reduce((sum, year) => sum + year.tcoPrice, 0)
  expect(tco.total.tcoPrice).toBe(Math.max(0, yearsTotal - tco.total.federalTaxCredit))
  expect(
    Math.abs(tco.total.averageCostPerMile - tco.total.tcoPrice / (milesPerYear * 5)),
  ).toBeLessThanOrEqual(0.005 + 1e-9)
  for (const value of Object.values(tco.total))
    expect(Number.isFinite(value) && value >= 0).toBe(true)
}

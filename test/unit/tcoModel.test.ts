/** Property tests of the TCO model: for any valid input, the 2.17 invariants hold. */
import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'

import { computeTco, CREDIT_END, interestByYear } from '@/lookups/tco/model'
import { repairsAt, SEGMENTS } from '@/lookups/tco/segments'
import { assumptionsFrom, DEFAULTS } from '@/lookups/tco/settings'
import { NATIONAL_FIGURES, STATE_FIGURES } from '@/lookups/tco/states'
import { stateOfZip } from '@/lookups/tco/zip3'

import { expectTcoInvariants } from '../helpers/tco'

const asOf = fc.date({
  max: new Date('2035-12-31'),
  min: new Date('2015-01-01'),
  noInvalidDate: true,
})
const vehicle = fc.record({
  economy: fc.double({ max: 150, min: 5, noNaN: true }),
  electric: fc.boolean(),
  modelYear: fc.integer({ max: 2036, min: 1981 }),
  odometer: fc.integer({ max: 400_000, min: 0 }),
  plugIn: fc.option(
    fc.record({
      electricShare: fc.double({ max: 1, min: 0, noNaN: true }),
      kwhPer100Miles: fc.double({ max: 100, min: 10, noNaN: true }),
    }),
    { nil: undefined },
  ),
  price: fc.double({ max: 500_000, min: 500, noNaN: true }),
  segment: fc.constantFrom(...SEGMENTS),
})
const state = fc.constantFrom(...Object.values(STATE_FIGURES), NATIONAL_FIGURES)
const assumptions = fc.record({
  apr: fc.double({ max: 40, min: 0, noNaN: true }),
  downPaymentPercent: fc.double({ max: 100, min: 0, noNaN: true }),
  fuelGrowthPercent: fc.double({ max: 20, min: -20, noNaN: true }),
  insuranceBase: fc.integer({ max: 10_000, min: 0 }),
  insuranceGrowthPercent: fc.double({ max: 20, min: -20, noNaN: true }),
  maintenancePerMile: fc.double({ max: 1, min: 0, noNaN: true }),
  maintenanceSchedule: fc.array(
    fc.record({
      cost: fc.integer({ max: 100_000, min: 0 }),
      everyMiles: fc.integer({ max: 1_000_000, min: 1000 }),
      item: fc.constant(''),
    }),
    { maxLength: 6 },
  ),
  milesPerYear: fc.integer({ max: 100_000, min: 1000 }),
  premiumFuelExtra: fc.double({ max: 5, min: 0, noNaN: true }),
  registrationFee: fc.integer({ max: 2000, min: 0 }),
  termMonths: fc.integer({ max: 96, min: 12 }),
  titleFee: fc.integer({ max: 2000, min: 0 }),
  warrantyMiles: fc.constant(36_000),
  warrantyYears: fc.constant(3),
})

describe('computeTco', () => {
  it('sums, totals and cost per mile hold, with no NaN or negative figure, for any input', () => {
    fc.assert(
      fc.property(vehicle, state, assumptions, asOf, (v, s, a, date) => {
        expectTcoInvariants(computeTco(v, s, a, date), a.milesPerYear)
      }),
      { numRuns: 2000 },
    )
  })

  it('is deterministic', () => {
    fc.assert(
      fc.property(vehicle, state, assumptions, asOf, (v, s, a, date) => {
        expect(computeTco(v, s, a, date)).toEqual(computeTco(v, s, a, date))
      }),
    )
  })

  it('never costs less for more miles, a higher price, or a loan at a positive APR instead of cash', () => {
    // Before the federal credit, which grows with a used EV's price (30% of it, up to $4,000).
    const total = (...args: Parameters<typeof computeTco>) =>
      Object.values(computeTco(...args).years).reduce((sum, year) => sum + year.tcoPrice, 0)
    fc.assert(
      fc.property(
        vehicle,
        state,
        assumptions,
        asOf,
        fc.integer({ max: 50_000, min: 1 }),
        fc.double({ max: 100_000, min: 1, noNaN: true }),
        (v, s, a, date, moreMiles, morePrice) => {
          // Rounding to whole dollars per category may move a total by a few dollars either way.
          const slack = 8
          const base = total(v, s, a, date)
          expect(
            total(v, s, { ...a, milesPerYear: a.milesPerYear + moreMiles }, date),
          ).toBeGreaterThanOrEqual(base - slack)
          expect(total({ ...v, price: v.price + morePrice }, s, a, date)).toBeGreaterThanOrEqual(
            base - slack,
          )
          const cash = total(v, s, { ...a, downPaymentPercent: 100 }, date)
          if (a.apr > 0) expect(cash).toBeLessThanOrEqual(base + slack)
        },
      ),
      { numRuns: 1000 },
    )
  })

  it('gives no federal credit for vehicles acquired after 2025-09-30, and 7,500 for a new EV before', () => {
    const ev = {
      economy: 30,
      electric: true,
      modelYear: 2025,
      odometer: 0,
      price: 45_000,
      segment: 'ev' as const,
    }
    const defaults = assumptionsFrom(DEFAULTS, false)
    expect(
      computeTco(ev, NATIONAL_FIGURES, defaults, new Date('2025-10-01')).total.federalTaxCredit,
    ).toBe(0)
    expect(
      computeTco(ev, NATIONAL_FIGURES, defaults, new Date(CREDIT_END.getTime() + 1)).total
        .federalTaxCredit,
    ).toBe(0)
    expect(
      computeTco(ev, NATIONAL_FIGURES, defaults, new Date('2025-06-01')).total.federalTaxCredit,
    ).toBe(7500)
  })

  it('repairs are zero under the basic warranty (3 years or 36,000 miles) and maintenance rises in years 4-5 for a new car', () => {
    const car = {
      economy: 30,
      electric: false,
      modelYear: 2026,
      odometer: 0,
      price: 30_000,
      segment: 'car' as const,
    }
    const { years } = computeTco(
      car,
      STATE_FIGURES.TX,
      assumptionsFrom(DEFAULTS, false),
      new Date('2026-06-01'),
    )
    expect([years['1'].repairs, years['2'].repairs]).toEqual([0, 0])
    // 36,000 miles are reached 40% into year 3: the rest of that year is paid.
    expect(years['3'].repairs).toBe(Math.round(repairsAt(2, 37_500) * 0.6))
    expect(years['4'].repairs).toBeGreaterThan(years['3'].repairs)
    expect(years['4'].maintenance).toBeGreaterThan(years['3'].maintenance)
    // Taxes and fees: Texas 6.25% + title + registration in year 1, registration after.
    expect(years['1'].taxesAndFees).toBe(Math.round(30_000 * 0.0625 + 100 + 150))
    expect(years['2'].taxesAndFees).toBe(150)
  })

  it('caps South Carolina’s motor-vehicle tax at $500', () => {
    const car = {
      economy: 30,
      electric: false,
      modelYear: 2026,
      odometer: 0,
      price: 80_000,
      segment: 'car' as const,
    }
    const { years } = computeTco(
      car,
      STATE_FIGURES.SC,
      assumptionsFrom(DEFAULTS, false),
      new Date('2026-06-01'),
    )
    expect(years['1'].taxesAndFees).toBe(500 + 100 + 150)
  })
})

describe('interestByYear', () => {
  it('splits the interest of an amortised loan by year: the sum is payments minus principal', () => {
    const years = interestByYear(27_000, 7, 60)
    const payment = (27_000 * (7 / 1200)) / (1 - (1 + 7 / 1200) ** -60)
    expect(years.reduce((a, b) => a + b, 0)).toBeCloseTo(payment * 60 - 27_000, 6)
    expect(years[0]).toBeGreaterThan(years[4])
  })

  it('is all zero for a cash purchase or a 0% loan', () => {
    expect(interestByYear(0, 7, 60)).toEqual([0, 0, 0, 0, 0])
    expect(interestByYear(20_000, 0, 60)).toEqual([0, 0, 0, 0, 0])
  })
})

describe('stateOfZip', () => {
  it.each([
    ['90210', 'CA'],
    ['10001', 'NY'],
    ['60601', 'IL'],
    ['77001', 'TX'],
    ['73301', 'TX'],
    ['20500', 'DC'],
    ['99501', 'AK'],
    ['96813', 'HI'],
    ['02101', 'MA'],
    ['03801', 'NH'],
    ['33101', 'FL'],
    ['85001', 'AZ'],
    ['98101', 'WA'],
    ['83702', 'ID'],
  ])('%s is in %s', (zip, state) => {
    expect(stateOfZip(zip)).toBe(state)
  })

  it('has no state for territories and military addresses', () => {
    expect(stateOfZip('00901')).toBeNull() // San Juan, PR
    expect(stateOfZip('09001')).toBeNull() // APO AE
  })

  it('maps every prefix to a state of the tables or to none', () => {
    for (let prefix = 0; prefix < 1000; prefix++) {
      const state = stateOfZip(String(prefix).padStart(3, '0') + '01')
      expect(state === null || state in STATE_FIGURES).toBe(true)
    }
  })
})

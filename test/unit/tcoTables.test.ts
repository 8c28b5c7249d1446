/** The TCO model's tables and the staff rules that replace them: eras, residuals, maintenance, prices. */
import { describe, expect, it } from '@jest/globals'

import { economyFactor, gasolineFactor } from '@/lookups/tco/eras'
import { computeTco } from '@/lookups/tco/model'
import { estimateNewPrice } from '@/lookups/tco/prices'
import { MAINTENANCE_SCHEDULE, maintenanceBetween, residualOf } from '@/lookups/tco/segments'
import { assumptionsFrom, DEFAULTS } from '@/lookups/tco/settings'
import { NATIONAL_FIGURES } from '@/lookups/tco/states'
import { modelledVehicle } from '@/lookups/tco/vehicle'

describe('eras', () => {
  it('prices gasoline at the tables from 2024 on, and at each earlier year’s national price before', () => {
    expect(gasolineFactor(new Date('2024-01-01'))).toBe(1)
    expect(gasolineFactor(new Date('2031-06-01'))).toBe(1)
    expect(gasolineFactor(new Date('2016-06-01'))).toBeCloseTo(2.14 / 3.3, 6)
    expect(gasolineFactor(new Date('2022-06-01'))).toBeCloseTo(3.95 / 3.3, 6)
    // Before the table: its first year.
    expect(gasolineFactor(new Date('1999-06-01'))).toBeCloseTo(2.3 / 3.3, 6)
  })

  it('takes 0.7% a year of age off an engine’s economy, for at most 25 years', () => {
    expect(economyFactor(2024)).toBe(1)
    expect(economyFactor(2030)).toBe(1)
    expect(economyFactor(2005)).toBeCloseTo(0.993 ** 19, 9)
    expect(economyFactor(1950)).toBe(economyFactor(1999))
  })

  it('makes a past year’s fuel cheaper or dearer in the model as its gasoline was', () => {
    const car = {
      economy: 30,
      electric: false,
      modelYear: 2016,
      odometer: 0,
      price: 20_000,
      segment: 'car' as const,
    }
    const assumptions = assumptionsFrom(DEFAULTS, false)
    const fuel = (asOf: string) =>
      computeTco(car, NATIONAL_FIGURES, assumptions, new Date(asOf)).years['1'].fuel
    expect(fuel('2016-06-01')).toBe(Math.round((15_000 / 30) * 2.14))
    expect(fuel('2025-06-01')).toBe(Math.round((15_000 / 30) * 3.3))
  })
})

describe('residualOf', () => {
  it('uses the built-in table, the first staff rule that starts the name winning over it', () => {
    expect(residualOf('Porsche', '911', 'GT3 RS')).toBe(0.45)
    expect(residualOf('Porsche', 'Cayenne')).toBe(0.85)
    expect(residualOf('Kia', 'Soul')).toBe(1)
    const rules = [
      { match: 'porsche  911 gt3', residual: 0.3 },
      { match: 'Porsche', residual: 0.7 },
      { match: 'Kia Sou', residual: 2 },
    ]
    expect(residualOf('Porsche', '911', 'GT3 RS', rules)).toBe(0.3)
    expect(residualOf('Porsche', '911', 'Carrera', rules)).toBe(0.7)
    // Whole words only: “Kia Sou” is not “Kia Soul”.
    expect(residualOf('Kia', 'Soul', '', rules)).toBe(1)
  })
})

describe('maintenanceBetween', () => {
  it('adds each lump of the schedule as the odometer passes its miles, and the routine cost per mile', () => {
    expect(maintenanceBetween(0, 15_000, 0.02)).toBeCloseTo(300, 6)
    expect(maintenanceBetween(15_000, 30_000, 0.02)).toBeCloseTo(300 + 550, 6)
    // Brakes at 50,000; the 30,000-mile service and the major service at 60,000.
    expect(maintenanceBetween(45_000, 60_000, 0)).toBe(600 + 550 + 800)
    const schedule = [{ cost: 1000, everyMiles: 10_000, item: 'service' }]
    expect(maintenanceBetween(0, 25_000, 0, schedule)).toBe(2000)
    expect(maintenanceBetween(0, 25_000, 0, [])).toBe(0)
    expect(MAINTENANCE_SCHEDULE.map(({ everyMiles }) => everyMiles)).toEqual([
      30_000, 45_000, 50_000, 60_000, 75_000,
    ])
  })
})

describe('estimated new prices', () => {
  const pricing = { ...DEFAULTS, newPriceDestinationPercent: 0, newPriceGrowthPercent: 0 }

  it('prices a line without a trim at its average trim, above its base', () => {
    const facts = { make: 'Toyota', model: 'Prius', year: 2024 }
    expect(estimateNewPrice({ ...facts, trim: 'LE' }, pricing).price).toBe(28_500)
    const unknown = estimateNewPrice(facts, pricing)
    expect(unknown.price).toBe(Math.round(28_500 * 1.1))
    expect(unknown.source).toMatch(/average trim \(trim unknown\)/)
    // A trim the ladder does not know is priced like an unknown one, never below it.
    expect(estimateNewPrice({ ...facts, trim: 'Nightshade' }, pricing)).toEqual({
      price: unknown.price,
      source: expect.stringMatching(/average trim \(trim not on the price ladder\)/),
    })
    expect(estimateNewPrice(facts, { ...pricing, newPriceUnknownTrimPercent: 0 }).price).toBe(
      28_500,
    )
    // A make and model the table does not know is priced at its tier's average already.
    expect(estimateNewPrice({ make: 'Kia', model: 'Soul', year: 2024 }, pricing).price).toBe(26_000)
  })
})

describe('modelledVehicle', () => {
  const asOf = new Date('2025-06-01')
  const modelled = (description: Parameters<typeof modelledVehicle>[0]) =>
    modelledVehicle(description, asOf, 15_000, DEFAULTS)

  it('tells a plug-in hybrid from an EV and from a hybrid by the fuel’s words', () => {
    const car = { make: 'Kia', model: 'Niro', year: 2024 }
    expect(modelled({ ...car, fuel: 'Plug-in Electric' })).toMatchObject({
      electric: true,
      plugIn: undefined,
      segment: 'ev',
    })
    expect(modelled({ ...car, fuel: 'Plug In Hybrid' })).toMatchObject({
      plugIn: { electricShare: 0.5 },
      segment: 'hybrid',
    })
    expect(modelled({ ...car, fuel: 'Hybrid' }).plugIn).toBeUndefined()
  })

  it('gives crossovers, SUVs, vans and pickups the heavier defaults', () => {
    const ev = { fuel: 'Electric', make: 'Kia', model: 'EV9', year: 2024 }
    expect(modelled({ ...ev, body: 'Crossover' }).economy).toBe(38)
    expect(modelled({ ...ev, body: 'Minivan' }).economy).toBe(38)
    expect(modelled({ ...ev, body: 'Hatchback' }).economy).toBe(29)
  })

  it('drives a plug-in hybrid half on electricity, and says how its economy was estimated', () => {
    const asOf = new Date('2025-06-01')
    const prime = modelledVehicle(
      { body: 'Hatchback', fuel: 'Plug-in Hybrid', make: 'Toyota', model: 'Prius', year: 2025 },
      asOf,
      15_000,
      DEFAULTS,
    )
    expect(prime).toMatchObject({
      economy: 45,
      economySource: 'segment default',
      plugIn: { electricShare: 0.5, kwhPer100Miles: 30 },
      segment: 'hybrid',
    })
    // The decoder says only "Hybrid"; the model's name tells a plug-in.
    const decoded = { fuel: 'Hybrid', make: 'Toyota', year: 2020 }
    expect(
      modelledVehicle({ ...decoded, model: 'Prius Prime (PHEV)' }, asOf, 15_000, DEFAULTS).plugIn,
    ).toBeDefined()
    expect(modelledVehicle({ ...decoded, model: 'Prius' }, asOf, 15_000, DEFAULTS).plugIn).toBe(
      undefined,
    )
    // A gasoline car with a name that sounds like one is not a plug-in.
    expect(
      modelledVehicle(
        { fuel: 'Gasoline', make: 'Jeep', model: 'Wrangler', trim: 'Prime', year: 2024 },
        asOf,
        15_000,
        DEFAULTS,
      ).plugIn,
    ).toBeUndefined()
    const state = { ...NATIONAL_FIGURES, electricityPrice: 0.2, gasPrice: 3 }
    const { years } = computeTco(prime, state, assumptionsFrom(DEFAULTS, false), asOf)
    expect(years['1'].fuel).toBe(Math.round((7500 / 45) * 3 + 7500 * 0.3 * 0.2))
  })

  it('estimates an older engine’s economy lower than a new one of the same size', () => {
    const description = { engine: '1.8L 4-cylinder', make: 'Toyota', model: 'Corolla', trim: 'LE' }
    const asOf = new Date('2025-06-01')
    const old = modelledVehicle({ ...description, year: 2005 }, asOf, 15_000, DEFAULTS)
    const recent = modelledVehicle({ ...description, year: 2024 }, asOf, 15_000, DEFAULTS)
    expect(old.economy).toBeLessThan(recent.economy)
    expect(recent).toMatchObject({
      economy: 33,
      economySource: 'estimated from the engine displacement, model year and body',
    })
  })
})

/** The TCO model's tables and the staff rules that replace them: eras, residuals, maintenance, prices. */
import { describe, expect, it } from '@jest/globals'

import { vehicleModels } from '@/generate/vocabulary'
import { economyFactor, gasolineFactor, usedMarketFactor } from '@/lookups/tco/eras'
import { computeTco } from '@/lookups/tco/model'
import {
  BUILT_IN_TABLE,
  findLine,
  linePriceAt,
  lineSegment,
  type Powertrain,
  segmentDefault,
  type StaffPriceRow,
  TABLE_DOCUMENT as document,
  TABLE_YEARLY_CHANGE,
  tableCoverage,
  tableErrors,
} from '@/lookups/tco/newPrices'
import { estimateNewPrice } from '@/lookups/tco/prices'
import { MAINTENANCE_SCHEDULE, maintenanceBetween, residualOf } from '@/lookups/tco/segments'
import { assumptionsFrom, DEFAULTS } from '@/lookups/tco/settings'
import { NATIONAL_FIGURES } from '@/lookups/tco/states'
import { modelledVehicle } from '@/lookups/tco/vehicle'
import { vehicles, vehicleSpecs } from '@/seed/demoData'

import { references } from '../../bench/tcoFidelity'

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

  it('puts used prices at the curves’ level up to 2019 and at the Manheim index’s since', () => {
    expect(usedMarketFactor(new Date('2012-06-01'))).toBe(1)
    expect(usedMarketFactor(new Date('2019-06-01'))).toBe(1)
    expect(usedMarketFactor(new Date('2022-07-01'))).toBeCloseTo(219.6 / 140.9, 6)
    // The restated series (from 2023) brought back to the first-published one.
    expect(usedMarketFactor(new Date('2025-06-01'))).toBeCloseTo(207 / 1.09 / 140.9, 6)
    // After the latest reading, that reading's level.
    expect(usedMarketFactor(new Date('2031-06-01'))).toBe(usedMarketFactor(new Date('2025-06-01')))
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
  const pricing = DEFAULTS
  const line = (make: string, model: string, powertrain: Powertrain = 'gasoline') =>
    findLine(BUILT_IN_TABLE, make, model, powertrain)!
  const tablePrice = (make: string, model: string, year: number, trim = 1.1, pt?: Powertrain) => {
    const { destination, msrp } = linePriceAt(line(make, model, pt), year)
    return Math.round(msrp * trim + destination)
  }

  it('prices a line of the table at its model year: base MSRP at the line’s average trim, plus destination', () => {
    const facts = { make: 'Toyota', model: 'Prius', year: 2016 }
    const unknown = estimateNewPrice(facts, pricing)
    // The table's 2016 anchor: $24,200 and the schedule's $875 destination.
    expect(unknown).toEqual({
      basis: 'table',
      confidence: 'medium',
      confidenceNote: "the line's own row at its model year, at the line's average trim",
      price: Math.round(24_200 * 1.1 + 875),
      source: expect.stringMatching(/average trim \(trim unknown\)/),
    })
    // A trim the ladder does not know is priced like an unknown one, never below it.
    expect(estimateNewPrice({ ...facts, trim: 'Nightshade' }, pricing)).toMatchObject({
      price: unknown.price,
      source: expect.stringMatching(/average trim \(trim not on the price ladder\)/),
    })
    // The base trim's common names are the base price; the line's own ladder comes first.
    expect(estimateNewPrice({ ...facts, trim: 'L' }, pricing).price).toBe(24_200 + 875)
    expect(
      estimateNewPrice({ make: 'Porsche', model: '911', trim: 'GT3 RS', year: 2019 }, pricing)
        .price,
    ).toBe(tablePrice('Porsche', '911', 2019, 2.05))
    expect(
      estimateNewPrice({ ...facts, year: 2016 }, { ...pricing, newPriceUnknownTrimPercent: 0 })
        .price,
    ).toBe(24_200 + 875)
  })

  it('interpolates between anchor years, and prices a year beyond them from the nearest at the table’s yearly change', () => {
    // Prius anchors 2012 and 2016 at $24,200: every year between is $24,200.
    expect(linePriceAt(line('Toyota', 'Prius', 'hybrid'), 2014).msrp).toBe(24_200)
    const corolla = line('Toyota', 'Corolla')
    const between = linePriceAt(corolla, 2012).msrp
    expect(between).toBeGreaterThan(15_450)
    expect(between).toBeLessThan(16_800)
    expect(TABLE_YEARLY_CHANGE).toBeGreaterThan(0.005)
    expect(TABLE_YEARLY_CHANGE).toBeLessThan(0.04)
    const old = estimateNewPrice(
      { make: 'Toyota', model: 'Corolla', trim: 'LE', year: 2028 },
      pricing,
    )
    expect(old.basis).toBe('table-nearest-year')
    expect(old.source).toMatch(/model year 2028 priced from 2026, the table's nearest year/)
    expect(old.price).toBe(
      Math.round(
        Math.round(22_925 * (1 + TABLE_YEARLY_CHANGE) ** 2) +
          Math.round(1195 * (1 + TABLE_YEARLY_CHANGE) ** 2),
      ),
    )
    // Within three years of an anchor the confidence is medium; further, low.
    expect(old.confidence).toBe('medium')
    expect(
      estimateNewPrice({ make: 'Toyota', model: 'Corolla', trim: 'LE', year: 2031 }, pricing)
        .confidence,
    ).toBe('low')
  })

  it('prices hybrids and EVs from their own rows, and a line missing from the table at its segment’s default', () => {
    const camry = { make: 'Toyota', model: 'Camry', year: 2018 }
    expect(estimateNewPrice({ ...camry, fuel: 'Hybrid' }, pricing).price).toBe(
      tablePrice('Toyota', 'Camry', 2018, 1.1, 'hybrid'),
    )
    expect(estimateNewPrice({ ...camry, fuel: 'Gasoline' }, pricing).price).toBe(
      tablePrice('Toyota', 'Camry', 2018),
    )
    // The F-150 Lightning decodes as an electric F-150.
    expect(
      estimateNewPrice({ make: 'Ford', model: 'F-150', fuel: 'Electric', year: 2023 }, pricing)
        .source,
    ).toMatch(/Ford F-150 Lightning \(electric\)/)
    // An EV of a line with no EV row is not priced as its gasoline sibling.
    const ev = estimateNewPrice(
      { make: 'Toyota', model: 'Corolla', fuel: 'Electric', year: 2023 },
      pricing,
    )
    expect(ev.basis).toBe('segment')
    const fallback = segmentDefault('car', { make: 'Zastava' }, 2016)
    const unknown = estimateNewPrice({ make: 'Zastava', model: 'Yugo', year: 2016 }, pricing)
    expect(unknown).toEqual({
      basis: 'segment',
      confidence: 'low',
      confidenceNote: expect.stringMatching(
        /^fallback: Zastava Yugo is not in the new-price table/,
      ),
      // The trim's 10% is of the MSRP: the destination charge is not scaled.
      price: Math.round((fallback.price - fallback.destination) * 1.1 + fallback.destination),
      source: expect.stringMatching(/segment default.*Zastava Yugo is not in the new-price table/),
    })
    // A decoder's longer name finds its line: "RAV4 Prime (PHEV)" is the RAV4 Prime.
    expect(
      estimateNewPrice(
        { make: 'Toyota', model: 'RAV4 Prime (PHEV)', fuel: 'Hybrid', plugIn: true, year: 2022 },
        pricing,
      ).source,
    ).toMatch(/Toyota RAV4 Prime \(plug-in\)/)
  })

  it('derives the segment defaults from the table: the median of its lines on sale that year', () => {
    const car = segmentDefault('car', { make: 'Zastava' }, 2016)
    expect(car.group).toBe('car lines of the car segment')
    const onSale = BUILT_IN_TABLE.lines
      .filter((row) => lineSegment(row) === 'car' && row.body === 'car')
      .filter(({ prices }) => prices[0].year <= 2016 && prices.at(-1)!.year >= 2016)
      .map((row) => linePriceAt(row, 2016))
      .map(({ destination, msrp }) => msrp + destination)
      .sort((a, b) => a - b)
    expect(onSale.filter((price) => price < car.price).length).toBe(
      onSale.filter((price) => price > car.price).length,
    )
    // A make the table knows in the segment: the median of its own lines.
    expect(segmentDefault('luxury', { make: 'Ferrari' }, 2022).price).toBeGreaterThan(200_000)
    expect(
      segmentDefault('truck', { body: 'Pickup', make: 'Zastava' }, 2023).price,
    ).toBeGreaterThan(segmentDefault('car', { make: 'Zastava' }, 2023).price)
  })

  it('takes staff rows: a model year added to or replacing the table’s, or a line of their own', () => {
    const rows: StaffPriceRow[] = [
      {
        make: 'toyota',
        model: 'prius',
        msrp: 30_000,
        powertrain: 'hybrid',
        source: 'sheet',
        year: 2016,
      },
      {
        destination: 500,
        make: 'Zastava',
        model: 'Yugo',
        msrp: 9_000,
        powertrain: 'gasoline',
        source: 'sheet',
        year: 2016,
      },
    ]
    const staffPricing = { ...pricing, newPrices: rows }
    expect(
      estimateNewPrice({ make: 'Toyota', model: 'Prius', year: 2016 }, staffPricing).price,
    ).toBe(Math.round(30_000 * 1.1 + 875))
    expect(
      estimateNewPrice({ make: 'Zastava', model: 'Yugo', year: 2016 }, staffPricing),
    ).toMatchObject({
      basis: 'table',
      price: Math.round(9_000 * 1.1 + 500),
      source: expect.stringMatching(/new-price table \(staff\)/),
    })
    // The built-in table is untouched.
    expect(estimateNewPrice({ make: 'Toyota', model: 'Prius', year: 2016 }, pricing).price).toBe(
      Math.round(24_200 * 1.1 + 875),
    )
  })

  it('checks the table file: the shipped one passes, and broken ones are refused naming the line', () => {
    expect(tableErrors(document)).toEqual([])
    const camry = document.lines[0] as object
    const broken = (change: object) =>
      tableErrors({ ...document, lines: [{ ...camry, ...change }] })
    expect(
      broken({
        prices: [
          [2012, 20_000, 800],
          [2010, 19_000, 760],
        ],
      }),
    ).toEqual(['Toyota Camry (gasoline): anchor years must ascend'])
    expect(broken({ powertrain: 'steam' })[0]).toMatch(/\/lines\/0\/powertrain/)
    expect(broken({ prices: [[2012, 20]] })[0]).toMatch(/\/lines\/0\/prices\/0/)
    expect(tableErrors({ ...document, lines: [camry, camry] })).toEqual([
      'Toyota Camry (gasoline): TOYOTA CAMRY is already a gasoline line',
    ])
  })

  it('covers every line the demo data, the generator and the fidelity references use', () => {
    const named = [
      ...vehicleModels.map(({ make, model, year }) => ({ make, model, year })),
      ...vehicleSpecs,
      ...vehicles,
      ...references('calibration').map(({ vehicle }) => vehicle),
      ...references('heldOut').map(({ vehicle }) => vehicle),
    ]
    const missing = named.filter(
      ({ make, model }) =>
        !findLine(BUILT_IN_TABLE, make, model, 'gasoline') &&
        !findLine(BUILT_IN_TABLE, make, model, 'electric'),
    )
    expect(missing).toEqual([])
    expect(tableCoverage().lines).toBeGreaterThanOrEqual(300)
  })
})

describe('modelledVehicle', () => {
  const asOf = new Date('2025-06-01')
  const modelled = (description: Parameters<typeof modelledVehicle>[0]) =>
    modelledVehicle(description, asOf, 15_000, DEFAULTS)

  it('prices a used car estimated from its new price in the used market of the day, not a new one or a listing', () => {
    const corolla = { make: 'Toyota', model: 'Corolla', trim: 'LE', year: 2016 }
    const at = (date: string, description: Parameters<typeof modelledVehicle>[0] = corolla) =>
      modelledVehicle(description, new Date(date), 15_000, DEFAULTS)
    // Same age (3 years), same new price in its year's dollars: 2022's market against 2019's.
    const in2019 = at('2019-07-01')
    const in2022 = at('2022-07-01', { ...corolla, year: 2019 })
    expect(in2019.priceBasis).toBe('table')
    expect(in2022.price / in2022.newPrice!).toBeCloseTo(
      (in2019.price / in2019.newPrice!) * (219.6 / 140.9),
      3,
    )
    const brandNew = at('2022-07-01', { ...corolla, year: 2022 })
    expect(brandNew.price).toBe(brandNew.newPrice)
    const listed = at('2022-07-01', { ...corolla, listing: { price: 9_000 } })
    expect(listed.price).toBe(9_000)
  })

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

/**
 * Repairs and maintenance by make and age, and luxury factors by line class and make group: the
 * used luxury references' repairs shares, the groups' factors, the classes of table lines, the
 * makes' warranties, and the premium of an entry-luxury line against a flagship's.
 */
import { describe, expect, it } from '@jest/globals'

import { computeTco, type TcoVehicle } from '@/lookups/tco/model'
import { BUILT_IN_TABLE, findLine, lineClassOf } from '@/lookups/tco/newPrices'
import { LUXURY_INSURANCE, LUXURY_UPKEEP, luxuryGroupOf, warrantyOf } from '@/lookups/tco/segments'
import { assumptionsFrom, DEFAULTS } from '@/lookups/tco/settings'
import { NATIONAL_FIGURES } from '@/lookups/tco/states'
import { modelledVehicle } from '@/lookups/tco/vehicle'

import { categorySharesOf, references } from '../../bench/tcoFidelity'

const repairsShare = (set: 'calibration' | 'heldOut', id: string) =>
  categorySharesOf(references(set).filter((reference) => reference.id === id)).find(
    ({ category }) => category === 'repairs',
  )!

describe('repairs of used luxury cars', () => {
  it('gives the used Cadillac ATS (calibration) its published share of repairs within 2 points', () => {
    // Edmunds: $6,806 of $45,427, 15%; with the luxury factor of 1.6 the model gave 8%.
    const { ours, theirs } = repairsShare(
      'calibration',
      'edmunds-2016-cadillac-ats-standard-20t-used',
    )
    expect(Math.abs(ours - theirs)).toBeLessThanOrEqual(0.02)
  })

  it('gives the used BMW 328i (calibration) its published share of repairs within 2 points', () => {
    // Edmunds: $9,971 of $53,467, 19%; at the Cadillacs' factor of 3.0 the model gave 14%.
    const { ours, theirs } = repairsShare('calibration', 'edmunds-2016-bmw-328i-used')
    expect(Math.abs(ours - theirs)).toBeLessThanOrEqual(0.02)
  })

  it('comes within 3 points of the held-out used BMW 535i’s share with the German factor', () => {
    // Edmunds: $11,730 of $68,283, 17%; the model gave 6% at a luxury factor of 1.6, 11% at the
    // pooled 3.0, and 15% at the German 4.0, which the 328i and the 911 measure.
    const { ours, theirs } = repairsShare('heldOut', 'edmunds-2016-bmw-535i-used')
    expect(Math.abs(ours - theirs)).toBeLessThanOrEqual(0.03)
  })
})

describe('luxury upkeep by make group', () => {
  it('groups the luxury makes by where their upkeep was measured', () => {
    expect(
      [
        'Audi',
        'BMW',
        'Mercedes-Benz',
        'Porsche',
        'Lexus',
        'Acura',
        'Infiniti',
        'Cadillac',
        'Lincoln',
        'Volvo',
        'Genesis',
      ].map(luxuryGroupOf),
    ).toEqual([
      'german',
      'german',
      'german',
      'german',
      'japanese',
      'japanese',
      'japanese',
      'american',
      'american',
      'other',
      'other',
    ])
  })

  // A used 2016 sedan of each make at the same price, past its warranty: only the group differs.
  const upkeep = (make: string) => {
    const asOf = new Date('2021-06-01')
    const vehicle = modelledVehicle(
      {
        body: 'Sedan',
        listing: { price: 25_000 },
        make,
        model: 'Sedan',
        trim: 'Base',
        year: 2016,
      },
      asOf,
      15_000,
      DEFAULTS,
    )
    const { maintenance, repairs } = computeTco(
      vehicle,
      NATIONAL_FIGURES,
      assumptionsFrom(DEFAULTS, true, vehicle.warranty),
      asOf,
    ).total
    return { maintenance, repairs }
  }

  it('repairs a German make at 4.0 times the mainstream curve, a Japanese at 2.1, an American at 3.0', () => {
    const [german, japanese, american, other] = ['BMW', 'Lexus', 'Cadillac', 'Volvo'].map(upkeep)
    expect(LUXURY_UPKEEP.german.repairFactor).toBe(4)
    expect(german.repairs / american.repairs).toBeCloseTo(4 / 3, 2)
    expect(japanese.repairs / american.repairs).toBeCloseTo(2.1 / 3, 2)
    expect(other.repairs).toBe(american.repairs)
  })

  it('maintains a German or Japanese make at 1.6 times the schedule and an American at 1.4', () => {
    const [german, japanese, american, other] = ['Mercedes-Benz', 'Acura', 'Lincoln', 'Jaguar'].map(
      upkeep,
    )
    expect(german.maintenance).toBe(japanese.maintenance)
    expect(german.maintenance / american.maintenance).toBeCloseTo(1.6 / 1.4, 2)
    expect(other.maintenance / american.maintenance).toBeCloseTo(1.5 / 1.4, 2)
  })
})

describe('lineClassOf', () => {
  const classOf = (make: string, model: string, year: number) =>
    lineClassOf(findLine(BUILT_IN_TABLE, make, model, 'gasoline')!, year)

  it('puts a luxury make’s cheapest lines at entry, the top of its range at flagship, sub-lines at performance', () => {
    expect(
      [
        ['Acura', 'ILX', 2016],
        ['Audi', 'A3', 2016],
        ['Cadillac', 'ATS', 2016],
        ['Mercedes-Benz', 'CLA-Class', 2016],
      ].map(([make, model, year]) => classOf(make as string, model as string, year as number)),
    ).toEqual(['entry', 'entry', 'entry', 'entry'])
    expect(classOf('BMW', '5 Series', 2016)).toBe('core')
    expect(classOf('Cadillac', 'XT6', 2025)).toBe('core')
    expect(classOf('BMW', '7 Series', 2016)).toBe('flagship')
    expect(classOf('Mercedes-Benz', 'S-Class', 2016)).toBe('flagship')
    expect(classOf('Cadillac', 'Escalade', 2024)).toBe('flagship')
    expect(classOf('Porsche', 'Panamera', 2013)).toBe('flagship')
    expect(classOf('BMW', 'M3', 2016)).toBe('performance')
  })
})

describe('luxury factors by line class', () => {
  const asOf = new Date('2016-06-01')
  const modelled = (model: string, trim?: string) =>
    modelledVehicle(
      { body: 'Sedan', make: 'Acura', model, trim, year: 2016 },
      asOf,
      15_000,
      DEFAULTS,
    )

  it('gives an entry-luxury compact the entry class, not a flagship’s, and a performance trim the performance class', () => {
    expect(modelled('ILX').lineClass).toBe('entry')
    expect(modelled('RLX').lineClass).toBe('flagship')
    expect(
      modelledVehicle(
        { body: 'Sedan', make: 'Mercedes-Benz', model: 'C-Class', trim: 'C63 AMG', year: 2016 },
        asOf,
        15_000,
        DEFAULTS,
      ).lineClass,
    ).toBe('performance')
  })

  it('insures an entry-luxury line as a mainstream car of its value, and a flagship of the same price higher', () => {
    const vehicle: TcoVehicle = {
      economy: 28,
      electric: false,
      modelYear: 2016,
      odometer: 0,
      price: 32_000,
      segment: 'luxury',
    }
    const insurance = (changes: Partial<TcoVehicle>) =>
      computeTco(
        { ...vehicle, ...changes },
        NATIONAL_FIGURES,
        assumptionsFrom(DEFAULTS, false),
        asOf,
      ).total.insurance
    expect(insurance({ lineClass: 'entry' })).toBe(insurance({ segment: 'car' }))
    expect(insurance({ lineClass: 'flagship' }) / insurance({ lineClass: 'entry' })).toBeCloseTo(
      LUXURY_INSURANCE.flagship / LUXURY_INSURANCE.entry,
      2,
    )
  })
})

describe('warranties by make', () => {
  const newCar = (make: string) => {
    const vehicle = modelledVehicle(
      { body: 'Sedan', make, model: 'Elantra', year: 2026 },
      new Date('2026-06-01'),
      15_000,
      DEFAULTS,
    )
    return computeTco(
      vehicle,
      NATIONAL_FIGURES,
      assumptionsFrom(DEFAULTS, false, vehicle.warranty),
      new Date('2026-06-01'),
    ).years
  }

  it('pays no repairs on a new Hyundai before its fifth year (5 years or 60,000 miles), and from the third on a make of 3 years or 36,000', () => {
    expect(warrantyOf('Hyundai')).toEqual({ warrantyMiles: 60_000, warrantyYears: 5 })
    const hyundai = newCar('Hyundai')
    expect(['1', '2', '3', '4'].map((year) => hyundai[year as '1'].repairs)).toEqual([0, 0, 0, 0])
    expect(hyundai['5'].repairs).toBeGreaterThan(0)
    expect(warrantyOf('Honda')).toBeUndefined()
    expect(newCar('Honda')['3'].repairs).toBeGreaterThan(0)
  })

  it('pays two thirds of year 4 under a luxury make’s 4 years or 50,000 miles', () => {
    const vehicle: TcoVehicle = {
      economy: 25,
      electric: false,
      modelYear: 2025,
      odometer: 0,
      price: 50_000,
      segment: 'luxury',
    }
    const asOf = new Date('2025-06-01')
    const years = (warranty?: ReturnType<typeof warrantyOf>) =>
      computeTco(vehicle, NATIONAL_FIGURES, assumptionsFrom(DEFAULTS, false, warranty), asOf).years
    const cadillac = years(warrantyOf('Cadillac'))
    expect(cadillac['3'].repairs).toBe(0)
    // 50,000 miles are reached a third into year 4: two thirds of that year are paid.
    expect(cadillac['4'].repairs).toBeCloseTo((years()['4'].repairs * 2) / 3, -1)
  })
})

describe('performance cars', () => {
  it('pay half as much again for maintenance, not for repairs', () => {
    const vehicle: TcoVehicle = {
      economy: 20,
      electric: false,
      modelYear: 2019,
      odometer: 90_000,
      price: 150_000,
      segment: 'luxury',
    }
    const asOf = new Date('2025-06-01')
    const total = (performance: boolean) =>
      computeTco(
        { ...vehicle, performance },
        NATIONAL_FIGURES,
        assumptionsFrom(DEFAULTS, true),
        asOf,
      ).total
    expect(total(true).repairs).toBe(total(false).repairs)
    expect(total(true).maintenance / total(false).maintenance).toBeCloseTo(1.5, 2)
  })
})

/**
 * How close the offline TCO model comes to published five-year cost-to-own figures:
 * `npm run bench:tco-fidelity`. Two sets: the calibration set (test/fixtures/tco-references.json),
 * which the model's tables were shaped on, and a held-out set (tco-references-heldout.json:
 * KBB, Edmunds and Vincentric figures of 2011–2023, small cars and a compact pickup) that they
 * were not. For each reference it runs
 * the model as the lookup does (no listing, no spec: the price estimated from make, model, trim
 * and year, unless the source states the price it used), at the reference's date, place, miles,
 * purchase and (where the source states it) APR, and prints our five-year total beside theirs,
 * the error, and each category's share of the total beside theirs; then, per set, the median
 * absolute error and how many references were priced from the new-price table; then the table's
 * coverage of the (model year, make, model) triples the offline decoder names. No database, no network. test/unit/tcoFidelity.test.ts holds the same figures to the
 * bounds of docs/tco-model.md.
 */
import fs from 'node:fs'
import path from 'node:path'

import { projectRoot } from '@/lib/paths'
import { coverageReport, decoderLines, triplesOf } from '@/lookups/tco/coverage'
import { CATEGORIES, computeTco } from '@/lookups/tco/model'
import { assumptionsFrom, DEFAULTS, stateFigures } from '@/lookups/tco/settings'
import { modelledVehicle, type VehicleDescription } from '@/lookups/tco/vehicle'
import { stateOfZip } from '@/lookups/tco/zip3'
import { decodeVin, stopDecoder, vpicDatabasePath } from '@/lookups/vin/decoder'

type Reference = {
  asOf: string
  /** The source's own assumptions; `apr` where it states the rate it used. */
  assumptions: { apr?: number; milesPerYear: number; purchase: 'cash' | 'financed' }
  categories: null | Partial<Record<(typeof CATEGORIES)[number], number>>
  id: string
  location: { state: null | string; zip: null | string }
  price: null | { meaning: string; value: number }
  segment: string
  total: number
  vehicle: Omit<VehicleDescription, 'listing'> & { vin: null | string }
}

export const SETS = {
  calibration: 'test/fixtures/tco-references.json',
  heldOut: 'test/fixtures/tco-references-heldout.json',
} as const

export const references = (set: keyof typeof SETS = 'calibration'): Reference[] =>
  JSON.parse(fs.readFileSync(path.join(projectRoot, SETS[set]), 'utf8')) as Reference[]

/** The model's figures for a reference, worked out as the lookup would. */
export const modelFor = (reference: Reference) => {
  const asOf = new Date(reference.asOf)
  const settings = { ...DEFAULTS, states: [] }
  const { apr, milesPerYear, purchase } = reference.assumptions
  const vehicle = modelledVehicle(
    {
      ...reference.vehicle,
      ...(reference.price ? { listing: { price: reference.price.value } } : {}),
    },
    asOf,
    milesPerYear,
    settings,
  )
  const state = reference.location.zip
    ? stateOfZip(reference.location.zip)
    : reference.location.state
  const figures = stateFigures(settings, state)
  const assumptions = {
    ...assumptionsFrom(settings, vehicle.used, vehicle.warranty),
    milesPerYear,
    registrationFee: figures.registrationFee,
    titleFee: figures.titleFee,
    ...(apr === undefined ? {} : { apr }),
    ...(purchase === 'cash' ? { downPaymentPercent: 100 } : {}),
  }
  return { tco: computeTco(vehicle, figures, assumptions, asOf), vehicle }
}

/** Each reference with the model's figures and the relative error of the five-year total, (ours − theirs) ÷ theirs. */
const resultsOf = (set = references()) =>
  set.map((reference) => {
    const { tco, vehicle } = modelFor(reference)
    return {
      error: (tco.total.tcoPrice - reference.total) / reference.total,
      reference,
      tco,
      vehicle,
    }
  })

export const errorsOf = (set = references()) =>
  resultsOf(set).map(({ error, reference, vehicle }) => ({
    error,
    id: reference.id,
    priceBasis: vehicle.priceBasis,
  }))

/**
 * Each category's share of the five-year total, ours and theirs, for every reference whose
 * published categories make up its total (shares mean nothing otherwise): where offsetting
 * errors in the categories show, as the totals do not.
 */
export const categorySharesOf = (set = references()) =>
  resultsOf(set).flatMap(({ reference, tco }) => {
    const published = reference.categories ?? {}
    const theirTotal = Object.values(published).reduce((sum, value) => sum + (value ?? 0), 0)
    if (theirTotal < 0.98 * reference.total) return []
    return CATEGORIES.filter((name) => published[name] !== undefined).map((category) => ({
      category,
      id: reference.id,
      ours: tco.total[category] / tco.total.tcoPrice,
      theirs: published[category]! / theirTotal,
    }))
  })

/** Priced from the table: the line's row at its year or its nearest year, or its base line's at a measured step. */
export const fromTable = (basis: string) =>
  basis === 'table' || basis === 'table-nearest-year' || basis === 'table-step'

/** The middle value, or the mean of the two middle values of an even count. */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length / 2
  return sorted.length % 2 ? sorted[Math.floor(middle)] : (sorted[middle - 1] + sorted[middle]) / 2
}

const percent = (value: number) => `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1)}%`
const share = (part: number | undefined, whole: number) =>
  part === undefined ? '   –' : `${((part / whole) * 100).toFixed(0).padStart(3)}%`

/**
 * Per category, over the set's references with published categories: the mean of our share less
 * theirs (a bias), the mean gap either way, and the largest gap with its reference.
 */
const categoryReport = (name: keyof typeof SETS) => {
  const shares = categorySharesOf(references(name))
  const points = (value: number, sign = true) =>
    `${sign && value >= 0 ? '+' : ''}${(value * 100).toFixed(1)}`.padStart(6)
  const rows = CATEGORIES.flatMap((category) => {
    const gaps = shares
      .filter((share) => share.category === category)
      .map(({ id, ours, theirs }) => ({ gap: ours - theirs, id }))
    if (!gaps.length) return []
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / gaps.length
    const largest = gaps.reduce((a, b) => (Math.abs(b.gap) > Math.abs(a.gap) ? b : a))
    return [
      `  ${category.padEnd(16)} ${String(gaps.length).padStart(4)} ${points(mean(gaps.map(({ gap }) => gap)))} ${points(mean(gaps.map(({ gap }) => Math.abs(gap))), false)}   ${points(largest.gap)} ${largest.id}`,
    ]
  })
  return rows.length
    ? `category shares against the published ones, in points of the total (ours less theirs):\n  ${'category'.padEnd(16)} refs   bias    gap   largest\n${rows.join('\n')}\n\n`
    : ''
}

const report = (name: keyof typeof SETS) => {
  const errors: number[] = []
  const lines: string[] = [`== ${name} set (${SETS[name]})`]
  /** Per reference with categories: how many of its published categories' shares are within 5 points of ours. */
  const shareFits: string[] = []
  const bases: string[] = []
  for (const { error, reference, tco, vehicle } of resultsOf(references(name))) {
    bases.push(vehicle.priceBasis)
    const ours = tco.total.tcoPrice
    errors.push(Math.abs(error))
    const { make, model, trim, year } = reference.vehicle
    lines.push(
      `${reference.id}\n  ${year} ${make} ${model}${trim ? ` ${trim}` : ''} (${reference.segment}), as of ${reference.asOf}` +
        `\n  price ${vehicle.price.toLocaleString('en-US')} [${vehicle.priceBasis}] (${vehicle.priceSource})` +
        `\n  total: ours ${ours.toLocaleString('en-US')}, theirs ${reference.total.toLocaleString('en-US')}, error ${percent(error)}`,
    )
    const published = reference.categories ?? {}
    const theirTotal = Object.values(published).reduce((sum, value) => sum + (value ?? 0), 0)
    // Shares only mean something where the published categories make up the total.
    if (theirTotal >= 0.98 * reference.total) {
      const compared = CATEGORIES.filter((name) => published[name] !== undefined)
      const close = compared.filter(
        (name) => Math.abs(tco.total[name] / ours - published[name]! / theirTotal) <= 0.05,
      )
      shareFits.push(`${reference.id}: ${close.length} of ${compared.length}`)
      lines.push(
        `  ${'category'.padEnd(16)} ${'ours'.padStart(8)} ${'theirs'.padStart(8)}  share ours/theirs`,
        ...CATEGORIES.map((name) => {
          const theirs = published[name]
          return `  ${name.padEnd(16)} ${tco.total[name].toLocaleString('en-US').padStart(8)} ${(theirs?.toLocaleString('en-US') ?? '–').padStart(8)}  ${share(tco.total[name], ours)} / ${share(theirs, theirTotal)}`
        }),
      )
    }
  }
  process.stdout.write(`${lines.join('\n')}\n\n${categoryReport(name)}`)
  const sorted = [...errors].sort((a, b) => a - b)
  const estimated = bases.filter((basis) => basis !== 'listing' && basis !== 'spec')
  process.stdout.write(
    `${name} references: ${errors.length}\nmedian absolute error: ${(median(errors) * 100).toFixed(1)}%\n` +
      `new price estimated for ${estimated.length}: from the table ${estimated.filter(fromTable).length}, from a segment default ${estimated.filter((basis) => basis === 'segment').length}\n` +
      `largest absolute error: ${(sorted.at(-1)! * 100).toFixed(1)}%\n` +
      `within 10%: ${errors.filter((value) => value <= 0.1).length}, within 25%: ${errors.filter((value) => value <= 0.25).length}\n` +
      `category shares within 5 points of the published share:\n  ${shareFits.join('\n  ')}\n\n`,
  )
}

/**
 * The new-price table's coverage of what the offline decoder names (src/lookups/tco/coverage.ts).
 * One decode first: the decoder unpacks its vPIC file on first use.
 */
const coverage = async () => {
  await decodeVin('1HGCM82633A004352')
  await stopDecoder()
  process.stdout.write(`${coverageReport(triplesOf(decoderLines(vpicDatabasePath())))}\n`)
}

const main = async () => {
  report('calibration')
  report('heldOut')
  await coverage()
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) await main()

/**
 * The new-price table (./data/new-prices.json, checked against ./data/new-prices.schema.json when
 * the module loads): base MSRP and destination charge by make, model, powertrain and model year,
 * at anchor years, with a trim ladder where trims differ a great deal. Between anchors a price is
 * interpolated; beyond them it is the nearest anchor's, moved by the table's own yearly change.
 * Staff add or replace anchors in the `tco-settings` global (`newPrices`). The segment defaults,
 * for a line the table does not know, are the medians of its lines (docs/tco-model.md).
 */
import fs from 'node:fs'
import path from 'node:path'

import { Ajv } from 'ajv'

import { isRecord } from '@/lib/isRecord'
import { projectRoot } from '@/lib/paths'

import { type LineClass, type Segment, segmentOf } from './segments'

/** A JSON object from ./data; anything else there is a broken file, and stops the module loading. */
const readData = (name: string): Record<string, unknown> => {
  const value: unknown = JSON.parse(
    fs.readFileSync(path.join(projectRoot, 'src/lookups/tco/data', name), 'utf8'),
  )
  if (!isRecord(value)) throw new Error(`src/lookups/tco/data/${name} is not a JSON object`)
  return value
}

const withLines = (value: Record<string, unknown>): { lines: unknown[] } => {
  const { lines } = value
  if (!Array.isArray(lines)) throw new Error('src/lookups/tco/data/new-prices.json has no lines')
  return { ...value, lines }
}

/** The table file as shipped, and its schema. */
export const TABLE_DOCUMENT = withLines(readData('new-prices.json'))
const schema = readData('new-prices.schema.json')

export const POWERTRAINS = ['gasoline', 'hybrid', 'plug-in', 'electric'] as const
export type Powertrain = (typeof POWERTRAINS)[number]
export const BODIES = ['car', 'suv', 'truck', 'van'] as const
export type Body = (typeof BODIES)[number]

type Anchor = { destination: number; msrp: number; year: number }

/**
 * What sets a sub-line apart from its base line: a performance series (AMG, M, RS, S, SRT,
 * V-series, Type R, Si, N, GR), a performance-luxury step (M Performance) or a long wheelbase.
 */
export const SIGNALS = [
  'AMG',
  'M',
  'M Performance',
  'RS',
  'S',
  'SRT',
  'V',
  'Type R',
  'Si',
  'N',
  'GR',
  'long wheelbase',
] as const
export type Signal = (typeof SIGNALS)[number]
export type Subline = { of: string; signal: Signal }

export type PriceLine = {
  aliases: string[]
  body: Body
  make: string
  model: string
  powertrain: Powertrain
  prices: Anchor[]
  /** `price-history`, `announcement`, or `staff` for a line staff added. */
  source: string
  /** A version of another line (its full name) set apart by a signal, with prices of its own. */
  subline?: Subline
  trims: Record<string, number>
}

/** A row of the `tco-settings` global's `newPrices`: one anchor year of a line. */
export type StaffPriceRow = {
  body?: Body | null
  destination?: null | number
  make: string
  model: string
  msrp: number
  powertrain: Powertrain
  source: string
  year: number
}

type RawLine = {
  aliases?: string[]
  body: Body
  make: string
  model: string
  powertrain: Powertrain
  prices: [number, number, number][]
  source: string
  subline?: Subline
  trims?: Record<string, number>
}

/** Upper case, single spaces: how names are compared. */
export const nameKey = (...words: string[]) =>
  words.join(' ').toUpperCase().replace(/\s+/g, ' ').trim()

/**
 * What is wrong with a table document, as messages naming the line: the schema's errors, then
 * what the schema cannot say (anchor years ascending, one line per name and powertrain).
 */
export const tableErrors = (candidate: unknown): string[] => checkTable(candidate).errors

/** A table document's errors, and the document, typed, when it has none. */
const checkTable = (candidate: unknown): { errors: string[]; table?: { lines: RawLine[] } } => {
  // The schema says what a line is; the validator, compiled for that type, narrows to it.
  const validate = new Ajv({ allErrors: true, strictTuples: false }).compile<{
    lines: RawLine[]
  }>(schema)
  if (!validate(candidate))
    return {
      errors: (validate.errors ?? []).map(
        (error) => `${error.instancePath || '/'} ${error.message}`,
      ),
    }
  const errors: string[] = []
  const seen = new Set<string>()
  for (const line of candidate.lines) {
    const label = `${line.make} ${line.model} (${line.powertrain})`
    const years = line.prices.map(([year]) => year)
    if (years.some((year, index) => index > 0 && year <= years[index - 1]))
      errors.push(`${label}: anchor years must ascend`)
    for (const name of [
      nameKey(line.make, line.model),
      ...(line.aliases ?? []).map((a) => nameKey(a)),
    ]) {
      const key = `${name}|${line.powertrain}`
      if (seen.has(key)) errors.push(`${label}: ${name} is already a ${line.powertrain} line`)
      seen.add(key)
    }
  }
  const names = new Set(candidate.lines.map((line) => nameKey(line.make, line.model)))
  for (const line of candidate.lines)
    if (line.subline && !names.has(nameKey(line.subline.of)))
      errors.push(
        `${line.make} ${line.model}: its base line ${line.subline.of} is not in the table`,
      )
  return errors.length ? { errors } : { errors, table: candidate }
}

const loadLines = (): PriceLine[] => {
  const { errors, table } = checkTable(TABLE_DOCUMENT)
  if (!table)
    throw new Error(`src/lookups/tco/data/new-prices.json is invalid: ${errors.join('; ')}`)
  return table.lines.map((line) => ({
    aliases: line.aliases ?? [],
    body: line.body,
    make: line.make,
    model: line.model,
    powertrain: line.powertrain,
    prices: line.prices.map(([year, msrp, destination]) => ({ destination, msrp, year })),
    source: line.source,
    ...(line.subline && { subline: line.subline }),
    trims: line.trims ?? {},
  }))
}

/** The built-in table, checked when the module loads: a broken file stops the service starting. */
export const TABLE_LINES: readonly PriceLine[] = loadLines()

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length / 2
  return sorted.length % 2 ? sorted[Math.floor(middle)] : (sorted[middle - 1] + sorted[middle]) / 2
}

/**
 * The table's own yearly change of base prices: the median, over every line's consecutive anchors,
 * of the compound yearly change between them (about 2% a year).
 */
export const TABLE_YEARLY_CHANGE: number = median(
  TABLE_LINES.flatMap(({ prices }) =>
    prices
      .slice(1)
      .map(
        (anchor, index) =>
          (anchor.msrp / prices[index].msrp) ** (1 / (anchor.year - prices[index].year)) - 1,
      ),
  ),
)

export type LinePrice = {
  destination: number
  msrp: number
  /** The anchor year priced from when `year` lies outside the line's anchors. */
  nearestYear: null | number
}

/** The line's base MSRP and destination in model year `year`, in that year's dollars. */
export const linePriceAt = (line: PriceLine, year: number): LinePrice => {
  const { prices } = line
  const first = prices[0]
  const last = prices[prices.length - 1]
  if (year < first.year || year > last.year) {
    const nearest = year < first.year ? first : last
    const factor = (1 + TABLE_YEARLY_CHANGE) ** (year - nearest.year)
    return {
      destination: Math.round(nearest.destination * factor),
      msrp: Math.round(nearest.msrp * factor),
      nearestYear: nearest.year,
    }
  }
  const upper = prices.findIndex((anchor) => anchor.year >= year)
  const to = prices[upper]
  if (to.year === year) return { destination: to.destination, msrp: to.msrp, nearestYear: null }
  // Prices change by a steady rate between anchors; destination charges by steady steps.
  const from = prices[upper - 1]
  const share = (year - from.year) / (to.year - from.year)
  return {
    destination: Math.round(from.destination + (to.destination - from.destination) * share),
    msrp: Math.round(from.msrp * (to.msrp / from.msrp) ** share),
    nearestYear: null,
  }
}

/** The body words the model's segment rules read (./segments.ts). */
const BODY_WORDS: Record<Body, string> = { car: 'Sedan', suv: 'SUV', truck: 'Pickup', van: 'Van' }
const FUEL_WORDS: Record<Powertrain, string> = {
  electric: 'Electric',
  gasoline: 'Gasoline',
  hybrid: 'Hybrid',
  'plug-in': 'Plug-in Hybrid',
}

export const lineSegment = (line: Pick<PriceLine, 'body' | 'make' | 'powertrain'>): Segment =>
  segmentOf({ body: BODY_WORDS[line.body], fuel: FUEL_WORDS[line.powertrain], make: line.make })

/** The body kind of a vehicle, as the table's lines are grouped (vans with SUVs, as the model does). */
export const bodyKind = (body = ''): 'car' | 'suv' | 'truck' =>
  /pickup|truck/i.test(body)
    ? 'truck'
    : /suv|sport utility|crossover|van|mpv/i.test(body)
      ? 'suv'
      : 'car'
const lineKind = (line: PriceLine) => (line.body === 'van' ? 'suv' : line.body)

export type PriceTable = {
  /** The lines of each full name (make and model, and aliases), upper case. */
  byName: Map<string, PriceLine[]>
  lines: readonly PriceLine[]
  /** The names, longest first, for the prefix match. */
  names: string[]
}

const tableOf = (lines: readonly PriceLine[]): PriceTable => {
  const byName = new Map<string, PriceLine[]>()
  for (const line of lines)
    for (const name of new Set([
      nameKey(line.make, line.model),
      ...line.aliases.map((a) => nameKey(a)),
    ]))
      byName.set(name, [...(byName.get(name) ?? []), line])
  return { byName, lines, names: [...byName.keys()].sort((a, b) => b.length - a.length) }
}

export const BUILT_IN_TABLE: PriceTable = tableOf(TABLE_LINES)

/**
 * The table with staff rows applied: a row for a line the table has (by name or alias, and
 * powertrain) adds that anchor year or replaces it; a row for another line starts a line of its
 * own. Worked out once per distinct set of rows.
 */
let lastStaff: { key: string; table: PriceTable } | null = null
export const tableWith = (rows: StaffPriceRow[] = []): PriceTable => {
  if (!rows.length) return BUILT_IN_TABLE
  const key = JSON.stringify(rows)
  if (lastStaff?.key === key) return lastStaff.table
  const lines = TABLE_LINES.map((line) => ({ ...line, prices: [...line.prices] }))
  const find = (row: StaffPriceRow) => {
    const name = nameKey(row.make, row.model)
    return lines.find(
      (line) =>
        line.powertrain === row.powertrain &&
        (nameKey(line.make, line.model) === name ||
          line.aliases.some((alias) => nameKey(alias) === name)),
    )
  }
  for (const row of rows) {
    let line = find(row)
    if (!line) {
      line = {
        aliases: [],
        body: row.body ?? 'car',
        make: row.make.trim(),
        model: row.model.trim(),
        powertrain: row.powertrain,
        prices: [],
        source: 'staff',
        trims: {},
      }
      lines.push(line)
    }
    const anchor = {
      // Without a destination charge, the line's own nearest one (none for a new line).
      destination:
        row.destination ?? (line.prices.length ? linePriceAt(line, row.year).destination : 0),
      msrp: row.msrp,
      year: row.year,
    }
    line.prices = [...line.prices.filter(({ year }) => year !== row.year), anchor].sort(
      (a, b) => a.year - b.year,
    )
    if (line.source !== 'staff') line.source = `${line.source}, staff`
  }
  const table = tableOf(lines)
  lastStaff = { key, table }
  return table
}

/** The powertrain of a vehicle, from the decoder's fuel and whether it is a plug-in. */
export const powertrainOf = (fuel = '', plugIn = false): Powertrain =>
  plugIn || /plug[- ]?in[- ]hybrid|\bphev\b/i.test(fuel)
    ? 'plug-in'
    : /hybrid/i.test(fuel)
      ? 'hybrid'
      : /electric/i.test(fuel)
        ? 'electric'
        : 'gasoline'

/**
 * Which of a name's lines prices a vehicle of this powertrain: its own first; a hybrid or plug-in
 * takes the other electrified row, then the gasoline one; a vehicle of unknown or gasoline fuel
 * takes any row of the line (a line sold only as a hybrid or EV). An EV takes only an EV row: a
 * gasoline sibling's price says little of it.
 */
const PREFERENCE: Record<Powertrain, Powertrain[]> = {
  electric: ['electric'],
  gasoline: ['gasoline', 'hybrid', 'plug-in', 'electric'],
  hybrid: ['hybrid', 'plug-in', 'gasoline'],
  'plug-in': ['plug-in', 'hybrid', 'gasoline'],
}

/** The table's line for a make and model: by its full name, else the longest name it starts with. */
export const findLine = (
  table: PriceTable,
  make: string,
  model: string,
  powertrain: Powertrain,
): null | PriceLine => {
  const name = nameKey(make, model)
  const pick = (lines: PriceLine[] | undefined) => {
    for (const wanted of PREFERENCE[powertrain]) {
      const line = lines?.find((candidate) => candidate.powertrain === wanted)
      if (line) return line
    }
    return null
  }
  const exact = pick(table.byName.get(name))
  if (exact) return exact
  for (const known of table.names)
    if (name.startsWith(known) && /^[\s\-(/]/.test(name.slice(known.length))) {
      const line = pick(table.byName.get(known))
      if (line) return line
    }
  return null
}

/** Whether a model year lies within a line's anchors. */
const onSaleIn = ({ prices }: PriceLine, year: number) =>
  prices[0].year <= year && year <= prices[prices.length - 1].year

/**
 * The segment's default new price in model year `year` (MSRP and destination, before the trim):
 * the median of the table's lines of the segment on sale that year — of the vehicle's make when
 * the table has at least two of them, else of the vehicle's body kind when it has at least three,
 * else all of them. A year no line covers takes every line of the group at that year (priced
 * beyond its anchors as any line is).
 */
export const segmentDefault = (
  segment: Segment,
  facts: { body?: string; make: string },
  year: number,
  table: PriceTable = BUILT_IN_TABLE,
): { destination: number; group: string; price: number } => {
  const inSegment = table.lines.filter((line) => lineSegment(line) === segment)
  const make = nameKey(facts.make)
  const kind = bodyKind(facts.body)
  const groups: [string, PriceLine[], number][] = [
    [`${facts.make} ${segment} lines`, inSegment.filter((line) => nameKey(line.make) === make), 2],
    [
      `${kind} lines of the ${segment} segment`,
      inSegment.filter((line) => lineKind(line) === kind),
      3,
    ],
    [`lines of the ${segment} segment`, inSegment, 1],
  ]
  const [group, lines] = groups.find(([, members, least]) => members.length >= least) ?? [
    'every line',
    table.lines,
  ]
  const onSale = lines.filter((line) => onSaleIn(line, year))
  const priced = (onSale.length ? onSale : lines).map((line) => linePriceAt(line, year))
  // The price with destination (what the segment defaults are), and the destination alone: a trim
  // scales the MSRP only, as on the table's own lines.
  return {
    destination: Math.round(median(priced.map(({ destination }) => destination))),
    group,
    price: Math.round(median(priced.map(({ destination, msrp }) => msrp + destination))),
  }
}

/** A line by its full name (make and model, else an alias), of the powertrain or else gasoline. */
export const lineNamed = (
  table: PriceTable,
  name: string,
  powertrain: Powertrain = 'gasoline',
): null | PriceLine => {
  const key = nameKey(name)
  const own = table.lines.filter((line) => nameKey(line.make, line.model) === key)
  const named = own.length ? own : (table.byName.get(key) ?? [])
  return (
    named.find((line) => line.powertrain === powertrain) ??
    named.find((line) => line.powertrain === 'gasoline') ??
    named[0] ??
    null
  )
}

export type MeasuredStep = {
  /** The sub-lines measured, as "BMW M3 over BMW 3 Series". */
  pairs: string[]
  /** The median, over the sub-lines' anchor years, of their base MSRP over their base line's. */
  step: number
}

/**
 * The price step of each signal over the base line, measured on the table's own sub-line rows:
 * at each anchor year of a sub-line, its base MSRP over its base line's base MSRP that year; the
 * median of those ratios per signal. A signal with no sub-line row has no step.
 */
export const measuredSteps = (table: PriceTable = BUILT_IN_TABLE): Map<Signal, MeasuredStep> => {
  const ratios = new Map<Signal, { pairs: string[]; values: number[] }>()
  for (const line of table.lines) {
    if (!line.subline) continue
    const base = lineNamed(table, line.subline.of, line.powertrain)
    if (!base) continue
    const entry = ratios.get(line.subline.signal) ?? { pairs: [], values: [] }
    entry.pairs.push(`${line.make} ${line.model} over ${base.make} ${base.model}`)
    for (const anchor of line.prices)
      entry.values.push(anchor.msrp / linePriceAt(base, anchor.year).msrp)
    ratios.set(line.subline.signal, entry)
  }
  return new Map(
    [...ratios].map(([signal, { pairs, values }]) => [
      signal,
      { pairs, step: Math.round(median(values) * 100) / 100 },
    ]),
  )
}

let stepsOf: { steps: Map<Signal, MeasuredStep>; table: PriceTable } | null = null
/** The measured steps of a table, worked out once per table. */
export const stepsFor = (table: PriceTable): Map<Signal, MeasuredStep> => {
  if (stepsOf?.table !== table) stepsOf = { steps: measuredSteps(table), table }
  return stepsOf.steps
}

/**
 * A line's neighbours in a model year: on sale then, or within two years after its last anchor
 * (many lines' last anchor is 2024, and they are sold, and priced, after it).
 */
const rangeIn = ({ prices, subline }: PriceLine, year: number) =>
  !subline && prices[0].year <= year && year <= prices[prices.length - 1].year + 2

/** The median base MSRP of the mainstream lines of a body kind in a model year. */
const mainstreamMedian = (table: PriceTable, kind: 'car' | 'suv' | 'truck', year: number) => {
  const mainstream = table.lines.filter(
    (line) =>
      lineKind(line) === kind &&
      ['car', 'suv', 'truck'].includes(lineSegment(line)) &&
      rangeIn(line, year),
  )
  return median(mainstream.map((line) => linePriceAt(line, year).msrp))
}

/**
 * Where a line sits in its make's range in a model year (./segments.ts `LineClass`): a
 * performance sub-line is `performance`; a line at 1.8 times its make's cheapest line of its body
 * kind or more, or at 3 times the mainstream median of that kind or more (the 7 Series, S-Class,
 * Escalade, Panamera, every exotic), `flagship`; one within 15% of its make's cheapest and under
 * twice the mainstream median (the ATS, ILX, A3, CLA, 2 and 3 Series), `entry`; else `core`.
 */
export const lineClassOf = (
  line: PriceLine,
  year: number,
  table: PriceTable = BUILT_IN_TABLE,
): LineClass => {
  if (line.subline && line.subline.signal !== 'long wheelbase') return 'performance'
  const kind = lineKind(line)
  const price = linePriceAt(line, year).msrp
  const cheapest = Math.min(
    price,
    ...table.lines
      .filter(
        (other) =>
          nameKey(other.make) === nameKey(line.make) &&
          lineKind(other) === kind &&
          rangeIn(other, year),
      )
      .map((other) => linePriceAt(other, year).msrp),
  )
  const mainstream = mainstreamMedian(table, kind, year)
  if (price >= 1.8 * cheapest || price >= 3 * mainstream) return 'flagship'
  return price < 1.15 * cheapest && price < 2 * mainstream ? 'entry' : 'core'
}

/** Share of lines of the table, for docs and tests: how many make/model names it knows. */
export const tableCoverage = (table: PriceTable = BUILT_IN_TABLE) => ({
  lines: new Set(table.lines.map((line) => nameKey(line.make, line.model))).size,
  rows: table.lines.length,
})

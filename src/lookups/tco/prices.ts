/**
 * A vehicle's price when nothing in the service knows it (no listing, no spec MSRP): its new
 * price estimated from what the decoder says (make, model, model year, trim, body, fuel), then
 * depreciated to its age and mileage by the model (./vehicle.ts). Sources in ./sources.ts
 * (`price`); the table in ./newPrices.ts.
 */
import {
  findLine,
  lineClassOf,
  lineNamed,
  linePriceAt,
  nameKey,
  powertrainOf,
  type PriceLine,
  type PriceTable,
  segmentDefault,
  type Signal,
  type StaffPriceRow,
  stepsFor,
  TABLE_YEARLY_CHANGE,
  tableWith,
} from './newPrices'
import { type LineClass, segmentOf } from './segments'

/**
 * The common price ladder, for a trim the line's own ladder in the table does not name: trims
 * that change the price a great deal, as a multiple of the base trim (the published price
 * ladders of the lines that carry them).
 */
const TRIM_MULTIPLIERS: [RegExp, number][] = [
  [/\bGT3 RS\b|\bGT2\b/i, 1.9],
  [/\bGT3\b|\bTURBO S\b/i, 1.6],
  [/\bTURBO\b/i, 1.45],
  [/\bRAPTOR\b|\bTRD PRO\b/i, 1.35],
  [/\bPLATINUM\b|\bDENALI\b|\bSERIES III\b|\bSPORT PLATINUM\b/i, 1.2],
  [/\bLIMITED\b|\bSERIES II\b|\bPREMIUM LUXURY\b|\bTOURING\b|\bXLE\b|\bLARIAT\b/i, 1.1],
  [/\bSR5\b|\bSE\b|\bEX\b|\bXLT\b|\bLT\b|\bPREMIUM\b/i, 1.05],
  // The base trims' common names; a trim named otherwise is priced at the line's average.
  [/\b(BASE|STANDARD|CE|DX|GL|GX|L|LE|LS|LX|S|SV|XL)\b/i, 1],
]

/**
 * Signals in a trim (or a series) that set a sub-line apart: such a trim is priced from the
 * sub-line's own row when the table has one, else at the signal's step over the base line
 * measured on the table's sub-line rows (newPrices.ts `measuredSteps`). First match wins.
 */
const TRIM_SIGNALS: [RegExp, Signal][] = [
  [/\bAMG\b|\b[A-Z]{1,3} ?(43|45|53|55|63|65)\b/i, 'AMG'],
  [/\bSRT\b|\bHELLCAT\b|\bSRT-?\d\b/i, 'SRT'],
  [/\bTYPE[- ]R\b/i, 'Type R'],
  [/(^|[\s-])V(-SERIES)?\b|\bBLACKWING\b/i, 'V'],
  [/\bM(2|3|4|5|6|8)\b(?! ?SPORT)/i, 'M'],
  [/\bM\d{3}[id]\b/i, 'M Performance'],
  [/\bRS ?\d\b|\bRS\b/i, 'RS'],
  [/\bLWB\b|\bLONG WHEELBASE\b|\bEXTENDED\b/i, 'long wheelbase'],
]

/**
 * Decoder names of sub-lines (the whole make and model) and the base line each is a version of:
 * priced from the sub-line's own row when the table has one (by name or alias), else at the
 * signal's measured step over the base line.
 */
const SUBLINE_NAMES: [RegExp, (match: RegExpExecArray) => string, Signal][] = [
  [/^AUDI RS ?(\d)( .*)?$/, (m) => `Audi A${m[1]}`, 'RS'],
  [/^AUDI RS Q(\d)$/, (m) => `Audi Q${m[1]}`, 'RS'],
  [/^AUDI RS E-TRON GT$/, () => 'Audi e-tron GT', 'RS'],
  [/^AUDI S E-TRON GT$/, () => 'Audi e-tron GT', 'S'],
  [/^AUDI S(\d)$/, (m) => `Audi A${m[1]}`, 'S'],
  [/^AUDI SQ(\d)$/, (m) => `Audi Q${m[1]}`, 'S'],
  [/^AUDI TTS$/, () => 'Audi TT', 'S'],
  [/^AUDI TT RS$/, () => 'Audi TT', 'RS'],
  [/^AUDI A(\d) L( E)?$/, (m) => `Audi A${m[1]}`, 'long wheelbase'],
  [/^BMW M(\d)(CI)?$/, (m) => `BMW ${m[1]} Series`, 'M'],
  [/^BMW 1M$/, () => 'BMW 1 Series', 'M'],
  [/^BMW M(\d)\d\d[ID]?$/, (m) => `BMW ${m[1]} Series`, 'M Performance'],
  [/^BMW (\d)\d\d(L[IE]|LXI)$/, (m) => `BMW ${m[1]} Series`, 'long wheelbase'],
  [/^CADILLAC (ESCALADE) ESV$/, (m) => `Cadillac ${m[1]}`, 'long wheelbase'],
  [/^HONDA CIVIC TYPE R$/, () => 'Honda Civic', 'Type R'],
  [/^HONDA CIVIC SI$/, () => 'Honda Civic', 'Si'],
  [/^HYUNDAI (ELANTRA|KONA|VELOSTER|IONIQ 5|IONIQ 6) N$/, (m) => `Hyundai ${m[1]}`, 'N'],
  [/^INFINITI (Q70)L$/, (m) => `Infiniti ${m[1]}`, 'long wheelbase'],
  [/^JEEP (GRAND WAGONEER|WAGONEER) L$/, (m) => `Jeep ${m[1]}`, 'long wheelbase'],
  [/^TOYOTA GR COROLLA$/, () => 'Toyota Corolla', 'GR'],
  [/^VOLKSWAGEN (JETTA) GLI$/, (m) => `Volkswagen ${m[1]}`, 'Si'],
]

/**
 * How an estimate is priced (the `tco-settings` global): how far above its base a line sells when
 * the trim is unknown or off the price ladder (10%: the manufacturers' trim ladders put the middle
 * trims of a Corolla, Camry or CR-V 10–20% above the base, and buyers choose them more than the
 * base), and staff rows of the new-price table.
 */
export type Pricing = {
  newPrices?: StaffPriceRow[]
  newPriceUnknownTrimPercent: number
}

export type PriceFacts = {
  body?: string
  fuel?: string
  make: string
  model: string
  /** A plug-in hybrid (the decoder's fuel says only "Hybrid" of most). */
  plugIn?: boolean
  trim?: string
  year: number
}

/**
 * Where an estimated new price came from: the line's row of the new-price table at its model
 * year; the row at its nearest year, moved by the table's yearly change; or, for a line the
 * table does not know, its segment's default.
 */
export type PriceBasis = 'segment' | 'table' | 'table-nearest-year' | 'table-step'

/**
 * How far a price can be trusted: `high`, a row of its line at its model year and its trim on a
 * ladder (or a listing's or spec's price); `medium`, its line's row at an unknown or off-ladder
 * trim, a sibling year within three years, or a measured step over its base line; `low`, a
 * sibling year further away, or a segment or make default (a median of other lines).
 */
export type PriceConfidence = 'high' | 'low' | 'medium'

export type NewPriceEstimate = {
  basis: PriceBasis
  confidence: PriceConfidence
  /** Why the confidence is what it is, in a sentence. */
  confidenceNote: string
  price: number
  source: string
}

/** The signal a trim carries, if any. */
export const trimSignal = (trim = ''): null | Signal =>
  TRIM_SIGNALS.find(([pattern]) => pattern.test(trim))?.[1] ?? null

/** A decoder name that is a sub-line the table has no row for: its base line and signal. */
export const sublineOfName = (
  table: PriceTable,
  make: string,
  model: string,
  powertrain: ReturnType<typeof powertrainOf>,
): null | { base: PriceLine; signal: Signal } => {
  const name = nameKey(make, model)
  for (const [pattern, baseName, signal] of SUBLINE_NAMES) {
    const match = pattern.exec(name)
    const base = match && lineNamed(table, baseName(match), powertrain)
    if (base) return { base, signal }
  }
  return null
}

/** The table's own row of a line's sub-line of a signal, if it has one. */
const ownSubline = (table: PriceTable, line: PriceLine, signal: Signal) =>
  table.lines.find(
    (candidate) =>
      candidate.subline?.signal === signal &&
      nameKey(candidate.subline.of) === nameKey(line.make, line.model),
  ) ?? null

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The multiple of the base price of a trim on the line's own ladder (the longest name found). */
const ladderOf = (trims: Record<string, number>, trim: string): number | undefined => {
  const found = Object.keys(trims)
    .filter((name) => new RegExp(`(^|[^A-Z0-9])${escape(name)}($|[^A-Z0-9])`, 'i').test(trim))
    .sort((a, b) => b.length - a.length)[0]
  return found === undefined ? undefined : trims[found]
}

/**
 * The class of a vehicle's line (newPrices.ts `lineClassOf`), however it is priced: a trim or a
 * decoder name with a performance signal is `performance`; a line the table does not know, `core`.
 */
export const vehicleLineClass = (facts: PriceFacts, pricing: Pricing): LineClass => {
  const table = tableWith(pricing.newPrices)
  const powertrain = powertrainOf(facts.fuel, facts.plugIn)
  const line = findLine(table, facts.make, facts.model, powertrain)
  const byName = line ? null : sublineOfName(table, facts.make, facts.model, powertrain)
  const signal = byName?.signal ?? (line ? trimSignal(facts.trim) : null)
  if (signal && signal !== 'long wheelbase') return 'performance'
  const base = line ?? byName?.base
  return base ? lineClassOf(base, facts.year, table) : 'core'
}

/** The estimated new price in the model year's dollars (destination included), and how it was found. */
export const estimateNewPrice = (facts: PriceFacts, pricing: Pricing): NewPriceEstimate => {
  const table = tableWith(pricing.newPrices)
  const powertrain = powertrainOf(facts.fuel, facts.plugIn)
  const trim = facts.trim ?? ''
  let line = findLine(table, facts.make, facts.model, powertrain)
  // A sub-line: by its decoder name (an RS 6 Avant, an M8), or by a signal in its trim (a C-Class
  // "C 63 AMG"). Its own row when the table has one; else its base line at the measured step.
  let step: null | { signal: Signal; step: number; pairs: string[] } = null
  const byName = line ? null : sublineOfName(table, facts.make, facts.model, powertrain)
  // A trim on the line's own ladder (a 911 GT3 RS) is priced by the ladder, not as a signal.
  const onOwnLadder = Boolean(line && trim && ladderOf(line.trims, trim) !== undefined)
  const signal = byName?.signal ?? (line && !line.subline && !onOwnLadder ? trimSignal(trim) : null)
  const base = byName?.base ?? line
  if (base && signal) {
    const own = ownSubline(table, base, signal)
    const measured = stepsFor(table).get(signal)
    if (own) line = own
    else if (measured) {
      line = base
      step = { signal, ...measured }
    }
  }
  const laddered =
    trim && !step && !(signal && line?.subline)
      ? ((line && ladderOf(line.trims, trim)) ??
        TRIM_MULTIPLIERS.find(([pattern]) => pattern.test(trim))?.[1])
      : undefined
  // A line's base price is its cheapest: for a trim not on the ladder (or none), buyers pay the
  // line's average; a measured step or a sub-line's own row already prices the version.
  const average = step || line?.subline ? 1 : 1 + pricing.newPriceUnknownTrimPercent / 100
  const trimText = step
    ? `the ${step.signal} step of ${step.step} measured on the table's ${step.pairs.length} ${step.signal} sub-line${step.pairs.length === 1 ? '' : 's'} (${step.pairs.join('; ')})`
    : laddered !== undefined
      ? `trim ${trim} on the price ladder`
      : line?.subline
        ? `its own ${line.subline.signal} row`
        : `at the line's average trim (${trim ? 'trim not on the price ladder' : 'trim unknown'})`
  if (!line) {
    const segment = segmentOf(facts)
    const { destination, group, price } = segmentDefault(segment, facts, facts.year, table)
    const ofMake = group.startsWith(`${facts.make} `)
    return {
      basis: 'segment',
      confidence: 'low',
      confidenceNote: `fallback: ${facts.make} ${facts.model} is not in the new-price table, so it is priced at the ${ofMake ? 'make' : 'segment'} median (${group}); its own price may differ a great deal`,
      price: Math.round((price - destination) * (laddered ?? average) + destination),
      source: `estimated new price: segment default, the median ${facts.year} price of the table's ${group} (${facts.make} ${facts.model} is not in the new-price table), ${trimText}`,
    }
  }
  const { destination, msrp, nearestYear } = linePriceAt(line, facts.year)
  const name = `${line.make} ${line.model}${line.powertrain === 'gasoline' ? '' : ` (${line.powertrain})`}`
  const year =
    nearestYear === null
      ? `model year ${facts.year}`
      : `model year ${facts.year} priced from ${nearestYear}, the table's nearest year, at its yearly change of ${(TABLE_YEARLY_CHANGE * 100).toFixed(1)}%`
  const distance = nearestYear === null ? 0 : Math.abs(facts.year - nearestYear)
  const [confidence, confidenceNote]: [PriceConfidence, string] =
    distance > 3
      ? ['low', `derived: the line's nearest priced year is ${distance} years away`]
      : step
        ? ['medium', `derived: a measured ${step.signal} step over the ${name}`]
        : distance
          ? ['medium', `derived: the line's nearest priced year is ${distance} years away`]
          : laddered !== undefined || line.subline
            ? ['high', "the line's own row at its model year and trim"]
            : ['medium', "the line's own row at its model year, at the line's average trim"]
  return {
    basis: step ? 'table-step' : nearestYear === null ? 'table' : 'table-nearest-year',
    confidence,
    confidenceNote,
    price: Math.round(msrp * (step?.step ?? laddered ?? average) + destination),
    source: `estimated new price: base MSRP and destination of the ${name} from the new-price table (${line.source}), ${year}, ${trimText}`,
  }
}

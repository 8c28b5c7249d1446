/**
 * A vehicle's price when nothing in the service knows it (no listing, no spec MSRP): its new
 * price estimated from what the decoder says (make, model, model year, trim, body, fuel), then
 * depreciated to its age and mileage by the model (./vehicle.ts). Sources in ./sources.ts
 * (`price`); the table in ./newPrices.ts.
 */
import {
  findLine,
  linePriceAt,
  powertrainOf,
  segmentDefault,
  type StaffPriceRow,
  TABLE_YEARLY_CHANGE,
  tableWith,
} from './newPrices'
import { segmentOf } from './segments'

/**
 * The common price ladder, for a trim the line's own ladder in the table does not name: trims
 * that change the price a great deal, as a multiple of the base trim (the published price
 * ladders of the lines that carry them).
 */
const TRIM_MULTIPLIERS: [RegExp, number][] = [
  [/\bGT3 RS\b|\bGT2\b/i, 1.9],
  [/\bGT3\b|\bTURBO S\b/i, 1.6],
  [/\bTURBO\b/i, 1.45],
  [/\bAMG\b|\bSRT\b|\bRAPTOR\b|\bTRD PRO\b|\bTYPE R\b/i, 1.35],
  [/\bPLATINUM\b|\bDENALI\b|\bSERIES III\b|\bSPORT PLATINUM\b/i, 1.2],
  [/\bLIMITED\b|\bSERIES II\b|\bPREMIUM LUXURY\b|\bTOURING\b|\bXLE\b|\bLARIAT\b/i, 1.1],
  [/\bSR5\b|\bSE\b|\bEX\b|\bXLT\b|\bLT\b|\bPREMIUM\b/i, 1.05],
  // The base trims' common names; a trim named otherwise is priced at the line's average.
  [/\b(BASE|STANDARD|CE|DX|GL|GX|L|LE|LS|LX|S|SV|XL)\b/i, 1],
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
export type PriceBasis = 'segment' | 'table' | 'table-nearest-year'

export type NewPriceEstimate = { basis: PriceBasis; price: number; source: string }

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The multiple of the base price of a trim on the line's own ladder (the longest name found). */
const ladderOf = (trims: Record<string, number>, trim: string): number | undefined => {
  const found = Object.keys(trims)
    .filter((name) => new RegExp(`(^|[^A-Z0-9])${escape(name)}($|[^A-Z0-9])`, 'i').test(trim))
    .sort((a, b) => b.length - a.length)[0]
  return found === undefined ? undefined : trims[found]
}

/** The estimated new price in the model year's dollars (destination included), and how it was found. */
export const estimateNewPrice = (facts: PriceFacts, pricing: Pricing): NewPriceEstimate => {
  const table = tableWith(pricing.newPrices)
  const powertrain = powertrainOf(facts.fuel, facts.plugIn)
  const line = findLine(table, facts.make, facts.model, powertrain)
  const trim = facts.trim ?? ''
  const laddered = trim
    ? ((line && ladderOf(line.trims, trim)) ??
      TRIM_MULTIPLIERS.find(([pattern]) => pattern.test(trim))?.[1])
    : undefined
  // A line's base price is its cheapest: for a trim not on the ladder (or none), buyers pay the
  // line's average.
  const average = 1 + pricing.newPriceUnknownTrimPercent / 100
  const trimText =
    laddered !== undefined
      ? `trim ${trim} on the price ladder`
      : `at the line's average trim (${trim ? 'trim not on the price ladder' : 'trim unknown'})`
  if (!line) {
    const segment = segmentOf(facts)
    const { destination, group, price } = segmentDefault(segment, facts, facts.year, table)
    return {
      basis: 'segment',
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
  return {
    basis: nearestYear === null ? 'table' : 'table-nearest-year',
    price: Math.round(msrp * (laddered ?? average) + destination),
    source: `estimated new price: base MSRP and destination of the ${name} from the new-price table (${line.source}), ${year}, ${trimText}`,
  }
}

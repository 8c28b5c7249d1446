/**
 * How much of what the offline decoder can name the new-price table prices: every (model year,
 * make, model) triple of the decoder's vPIC file for the makes sold as light vehicles in the US,
 * priced as the lookup would price it with nothing but those three facts. Printed by
 * `npm run bench:tco-fidelity`; held by test/unit/tcoCoverage.test.ts.
 */
import { decoderModels } from './decoderModels.mjs'
import { estimateNewPrice, type PriceBasis } from './prices'

/** The model years covered. */
export const COVERED_YEARS = { from: 2000, to: 2026 } as const

/** Makes sold in the US as light vehicles in 2000–2026, as vPIC names them (upper case). */
export const US_MAKES = new Set([
  'ACURA',
  'ALFA ROMEO',
  'ASTON MARTIN',
  'AUDI',
  'BENTLEY',
  'BMW',
  'BUICK',
  'CADILLAC',
  'CHEVROLET',
  'CHRYSLER',
  'DAEWOO',
  'DODGE',
  'FERRARI',
  'FIAT',
  'FISKER',
  'FORD',
  'GENESIS',
  'GMC',
  'HONDA',
  'HUMMER',
  'HYUNDAI',
  'INFINITI',
  'ISUZU',
  'JAGUAR',
  'JEEP',
  'KARMA',
  'KIA',
  'LAMBORGHINI',
  'LAND ROVER',
  'LEXUS',
  'LINCOLN',
  'LOTUS',
  'LUCID',
  'MASERATI',
  'MAYBACH',
  'MAZDA',
  'MCLAREN',
  'MERCEDES-BENZ',
  'MERCURY',
  'MINI',
  'MITSUBISHI',
  'NISSAN',
  'OLDSMOBILE',
  'PLYMOUTH',
  'POLESTAR',
  'PONTIAC',
  'PORSCHE',
  'RAM',
  'RIVIAN',
  'ROLLS-ROYCE',
  'SAAB',
  'SATURN',
  'SMART',
  'SUBARU',
  'SUZUKI',
  'TESLA',
  'TOYOTA',
  'VINFAST',
  'VOLKSWAGEN',
  'VOLVO',
])

export type Era = '2000–2004' | '2005–2009' | '2010–2014' | '2015–2019' | '2020–2026'
export const ERAS: Era[] = ['2000–2004', '2005–2009', '2010–2014', '2015–2019', '2020–2026']
export const eraOf = (year: number): Era =>
  year < 2005
    ? '2000–2004'
    : year < 2010
      ? '2005–2009'
      : year < 2015
        ? '2010–2014'
        : year < 2020
          ? '2015–2019'
          : '2020–2026'

/**
 * Decoder names the table knowingly does not price, and why: commercial chassis and medium-duty
 * trucks (priced by their bodies, not by a line), conversions, vPIC's placeholder or foreign-market
 * names, and one-off hypercars with no list price. Each is a make and a pattern over the model.
 */
const CHASSIS = 'a commercial chassis or medium-duty truck, priced by its upfit, not as a line'
const FLEET = 'sold to fleets or leased only, with no public list price'
const ABROAD = 'a name of a market outside the US (vPIC lists it); not sold new in the US'
const PLACEHOLDER = "a placeholder or conversion name of vPIC's, not a line"
const INVITATION = 'a limited edition sold by invitation, with no public US list price'
const NEVER_SOLD = 'shown or announced, never sold in the US'
const ENDED = "not sold new in the US after 1999 (vPIC's schema runs on)"

export const KNOWINGLY_UNPRICED: { make: string; model: RegExp; why: string }[] = [
  { make: 'BUICK', model: /^Incomplete$/, why: PLACEHOLDER },
  { make: 'CADILLAC', model: /^(Hearse|Limousine)$/, why: PLACEHOLDER },
  { make: 'CHEVROLET', model: /^(3 ton|GMT-400)$/, why: CHASSIS },
  { make: 'CHEVROLET', model: /^(BrightDrop|Caprice Police Vehicle)$/, why: FLEET },
  { make: 'CHEVROLET', model: /^(Onix|Orlando|Matiz|Kalos|Optra|Epica|U100)$/, why: ABROAD },
  { make: 'DAEWOO', model: /^G2X$/, why: ABROAD },
  { make: 'FIAT', model: /^(Ducato|Freemont)$/, why: ABROAD },
  { make: 'FORD', model: /^(B-750|F-[5-8][05]0|E-[45]50|Motorhome Chassis)$/, why: CHASSIS },
  { make: 'FORD', model: /^'34$/, why: PLACEHOLDER },
  { make: 'GMC', model: /^(Cruise Origin AV|Electric Vehicle)$/, why: FLEET },
  { make: 'HONDA', model: /^FCX Clarity$/, why: FLEET },
  { make: 'HYUNDAI', model: /^Xcient$/, why: CHASSIS },
  {
    make: 'ISUZU',
    model: /^(F6|F7|FRR|H-Series|NPR|NPR\/NPR-HD|NQR|NQR\/NRR|T[678]F)$/,
    why: CHASSIS,
  },
  { make: 'LAMBORGHINI', model: /^(147|Roadster)$/, why: PLACEHOLDER },
  {
    make: 'LOTUS',
    model: /^(340R|Eagle|Eclat|Elan|Elite|Europa|MEL|Monaco|Monza|Spa|Eleven|2-Eleven)$/,
    why: ABROAD,
  },
  { make: 'MCLAREN', model: /^(SENNA GTR|ELVA)$/, why: INVITATION },
  { make: 'MERCEDES-BENZ', model: /^(L|LP|LPS)\d{4}$/, why: CHASSIS },
  { make: 'NISSAN', model: /^Altra-EV$/, why: FLEET },
  { make: 'NISSAN', model: /^X-Trail$/, why: ABROAD },
  { make: 'RAM', model: /^[45]500$|^4000$/, why: CHASSIS },
  { make: 'RIVIAN', model: /^(EDV|RCV)$/, why: FLEET },
  { make: 'TESLA', model: /^Semi$/, why: CHASSIS },
  { make: 'TOYOTA', model: /^FCHV-adv$/, why: FLEET },
  {
    make: 'VOLVO',
    model: /^(Cab Behind Engine|Cab Over Engine (HT|LT)|F(6|12) w\/F7 Cab|VS|VT)$/,
    why: CHASSIS,
  },
  { make: 'BENTLEY', model: /^ARMOURED ARNAGE$/, why: PLACEHOLDER },
  { make: 'FISKER', model: /^Nina$/, why: NEVER_SOLD },
  { make: 'KARMA', model: /^(Atlantic|Gyesera|Kaveya)$/, why: NEVER_SOLD },
  { make: 'NISSAN', model: /^240SX$/, why: ENDED },
  { make: 'TOYOTA', model: /^Paseo$/, why: ENDED },
  { make: 'ALFA ROMEO', model: /^8C Competizione Spider$/, why: INVITATION },
  { make: 'ASTON MARTIN', model: /^(Valhalla|Valiant|Valour|Vanquish Zagato)$/, why: INVITATION },
  {
    make: 'FERRARI',
    model:
      /^(Monza SP1\/SP2|Daytona SP3|F60 America|F12 tdf \(Tour de France\)|F12 Special Series|Challenge Stradale)$/,
    why: INVITATION,
  },
]

export const unpricedReason = (make: string, model: string): null | string =>
  KNOWINGLY_UNPRICED.find((entry) => entry.make === make.toUpperCase() && entry.model.test(model))
    ?.why ?? null

export type DecoderLine = { make: string; model: string; years: number[] }

/** The decoder's (make, model) names of the US makes, each with its model years in range. */
export const decoderLines = (dbPath: string): DecoderLine[] => {
  const byName = new Map<string, DecoderLine>()
  for (const { make, model, yearFrom, yearTo } of decoderModels(dbPath, COVERED_YEARS)) {
    if (!US_MAKES.has(make.toUpperCase())) continue
    const key = `${make}|${model}`
    const line = byName.get(key) ?? { make, model, years: [] }
    for (let year = yearFrom; year <= yearTo; year++)
      if (!line.years.includes(year)) line.years.push(year)
    byName.set(key, line)
  }
  return [...byName.values()]
    .map((line) => ({ ...line, years: line.years.sort((a, b) => a - b) }))
    .sort((a, b) => `${a.make} ${a.model}`.localeCompare(`${b.make} ${b.model}`))
}

/** How a triple is priced: a basis of the estimate, or `unpriced` (listed above). */
export type CoverageBasis = 'unpriced' | PriceBasis

export type Triple = { basis: CoverageBasis; make: string; model: string; year: number }

/** Each triple of the decoder's lines, priced as the lookup prices a VIN of which it knows only these. */
export const triplesOf = (lines: DecoderLine[]): Triple[] =>
  lines.flatMap(({ make, model, years }) =>
    years.map((year) => ({
      basis: unpricedReason(make, model)
        ? ('unpriced' as const)
        : estimateNewPrice({ make, model, year }, { newPriceUnknownTrimPercent: 10 }).basis,
      make,
      model,
      year,
    })),
  )

/** Priced from the table: its row at the year, or derived from a sibling year or its base line. */
export const fromTableBasis = (basis: CoverageBasis) => basis !== 'segment' && basis !== 'unpriced'

type Tally = { derived: number; priced: number; segment: number; total: number; unpriced: number }

const tally = (triples: Triple[]): Tally => ({
  derived: triples.filter(({ basis }) => fromTableBasis(basis) && basis !== 'table').length,
  priced: triples.filter(({ basis }) => fromTableBasis(basis)).length,
  segment: triples.filter(({ basis }) => basis === 'segment').length,
  total: triples.length,
  unpriced: triples.filter(({ basis }) => basis === 'unpriced').length,
})

/** The share priced from the table, of the triples not knowingly unpriced. */
export const shareOf = ({ priced, total, unpriced }: Tally) =>
  total - unpriced ? priced / (total - unpriced) : 1

export const coverageSummary = (triples: Triple[]) => {
  const group = (key: (triple: Triple) => string) => {
    const groups = new Map<string, Triple[]>()
    for (const triple of triples)
      groups.set(key(triple), [...(groups.get(key(triple)) ?? []), triple])
    return new Map([...groups].map(([name, members]) => [name, tally(members)]))
  }
  return {
    byEra: group(({ year }) => eraOf(year)),
    byMake: group(({ make }) => make),
    overall: tally(triples),
  }
}

const pct = (value: number) => `${(value * 100).toFixed(1)}%`

/** The summary as the bench prints it. */
export const coverageReport = (triples: Triple[]): string => {
  const { byEra, byMake, overall } = coverageSummary(triples)
  const row = (name: string, t: Tally) =>
    `  ${name.padEnd(16)} ${String(t.total).padStart(6)} ${pct(shareOf(t)).padStart(7)} ${String(t.priced - t.derived).padStart(6)} ${String(t.derived).padStart(7)} ${String(t.segment).padStart(7)} ${String(t.unpriced).padStart(8)}`
  const header = `  ${''.padEnd(16)} ${'triples'.padStart(6)} ${'table'.padStart(7)} ${'at year'.padStart(6)} ${'derived'.padStart(7)} ${'segment'.padStart(7)} ${'unpriced'.padStart(8)}`
  const makes = [...byMake].sort(([a], [b]) => a.localeCompare(b))
  const lowest = [...byMake]
    .filter(([, t]) => t.total - t.unpriced > 0)
    .sort(([, a], [, b]) => shareOf(a) - shareOf(b))
    .slice(0, 10)
    .map(([name, t]) => `${name} ${pct(shareOf(t))}`)
  return [
    `== coverage: (model year ${COVERED_YEARS.from}–${COVERED_YEARS.to}, make, model) triples the offline decoder names, ${byMake.size} US makes`,
    '   table: share priced from the new-price table (at its year, or derived from a sibling year or its base line), of those not knowingly unpriced',
    header,
    row('all', overall),
    ...ERAS.map((era) => row(era, byEra.get(era) ?? tally([]))),
    '  by make:',
    ...makes.map(([name, t]) => row(name, t)),
    `  lowest: ${lowest.join(', ')}`,
  ].join('\n')
}

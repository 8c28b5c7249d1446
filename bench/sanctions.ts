/**
 * How well sanctions screening holds listed people however they spell their names, and how
 * seldom it holds everyone else: `npm run bench:sanctions [-- --seed 1 --list 7000 --variants
 * 2000 --ordinary 10000]`. On a generated list shaped like OFAC's SDN list (bench/sanctionsNames.ts),
 * it screens each variant of a listed name and each ordinary applicant's name as a credit app
 * does (name only: no birth date or city to add points), at SANCTIONS_MATCH_THRESHOLD, and
 * prints recall (variants held), recall by kind of change, the false-positive rate (ordinary
 * names held, and how many of those are namesakes: every word of the name is in one listed
 * name), and the time per screening. No database. test/unit/sanctionsNames.test.ts holds a
 * smaller sample to the goals (recall ≥ 99%, false positives ≤ 0.5%).
 */
import path from 'node:path'
import { performance } from 'node:perf_hooks'

import { indexList, screenPerson } from '@/compliance/sanctions/match'
import { normalizeName } from '@/compliance/sanctions/normalize'
import { settings } from '@/lib/settings'

import { arg, median } from './common'
import {
  generateList,
  generateOrdinaryNames,
  generateVariants,
  seeded,
  type Variant,
} from './sanctionsNames'

export type Measure = {
  entries: number
  /** Ordinary names held, each with the listed name it was held for. */
  falsePositives: { listed: string; name: string; namesake: boolean; score: number }[]
  listedNames: number
  /** Variants not held, with the listed name they were made from. */
  missed: Variant[]
  /** Microseconds per screening, over every variant and ordinary name. */
  micros: { median: number; p95: number }
  ordinary: number
  /** Variants held by their own entry (not merely by another). */
  ownEntry: number
  recall: number
  recallByKind: Record<string, { held: number; total: number }>
  falsePositiveRate: number
  threshold: number
  variants: number
}

export const measure = ({
  listSize,
  ordinary,
  seed,
  variants: variantCount,
}: {
  listSize: number
  ordinary: number
  seed: number
  variants: number
}): Measure => {
  const threshold = settings('sanctions').SANCTIONS_MATCH_THRESHOLD
  const random = seeded(seed)
  const { entries } = generateList(random, listSize)
  const list = indexList(entries)
  const variants = generateVariants(random, entries, variantCount)
  const names = generateOrdinaryNames(random, ordinary)
  const times: number[] = []
  const screen = (name: string) => {
    const start = performance.now()
    const found = screenPerson({ name }, list, threshold)
    times.push((performance.now() - start) * 1000)
    return found
  }
  const missed: Variant[] = []
  const recallByKind: Measure['recallByKind'] = {}
  let ownEntry = 0
  for (const variant of variants) {
    const found = screen(variant.name)
    if (found.some((candidate) => candidate.entNum === variant.entNum)) ownEntry += 1
    if (!found.length) missed.push(variant)
    for (const kind of variant.kinds) {
      recallByKind[kind] ??= { held: 0, total: 0 }
      recallByKind[kind].total += 1
      if (found.length) recallByKind[kind].held += 1
    }
  }
  const falsePositives: Measure['falsePositives'] = []
  for (const name of names) {
    const [best] = screen(name)
    if (!best) continue
    const own = normalizeName(name).tokens.filter((token) => token.length > 1)
    const listed = new Set(normalizeName(best.matchedName).tokens)
    falsePositives.push({
      listed: best.matchedName,
      name,
      namesake: own.every((token) => listed.has(token)),
      score: best.score,
    })
  }
  const sorted = [...times].sort((a, b) => a - b)
  return {
    entries: entries.length,
    falsePositiveRate: falsePositives.length / names.length,
    falsePositives,
    listedNames: list.names.length,
    micros: { median: median(times), p95: sorted[Math.floor(sorted.length * 0.95)] },
    missed,
    ordinary: names.length,
    ownEntry,
    recall: (variants.length - missed.length) / variants.length,
    recallByKind,
    threshold,
    variants: variants.length,
  }
}

const percent = (value: number) => `${(value * 100).toFixed(2)}%`

const main = () => {
  const result = measure({
    listSize: arg('list', 7_000),
    ordinary: arg('ordinary', 10_000),
    seed: arg('seed', 1),
    variants: arg('variants', 2_000),
  })
  console.log(
    `list: ${result.entries} entries, ${result.listedNames} names (generated, seed ${arg('seed', 1)}); threshold ${result.threshold}`,
  )
  console.log(
    `variants: ${result.variants}; held ${percent(result.recall)} (by their own entry ${percent(result.ownEntry / result.variants)})`,
  )
  for (const [kind, { held, total }] of Object.entries(result.recallByKind))
    console.log(`  ${kind.padEnd(16)} ${percent(held / total).padStart(8)} of ${total}`)
  for (const variant of result.missed.slice(0, 15))
    console.log(
      `  missed: ${JSON.stringify(variant.name)} (${variant.kinds.join('+')}) for ${variant.source}`,
    )
  const namesakes = result.falsePositives.filter((item) => item.namesake).length
  console.log(
    `ordinary names: ${result.ordinary}; held ${percent(result.falsePositiveRate)} (${result.falsePositives.length}, of which ${namesakes} namesakes: every word in one listed name)`,
  )
  for (const item of result.falsePositives.slice(0, 15))
    console.log(
      `  held: ${item.name} for ${item.listed} (${item.score}${item.namesake ? ', namesake' : ''})`,
    )
  console.log(
    `time per screening: median ${result.micros.median.toFixed(0)} µs, p95 ${result.micros.p95.toFixed(0)} µs (${result.variants + result.ordinary} screenings)`,
  )
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) main()

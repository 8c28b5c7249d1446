/**
 * Fills a migrated database with valid, realistic records fast, for benchmarks and for sizing a
 * deployment: set-based SQL (`INSERT … SELECT … FROM generate_series`) in chunks that commit on
 * their own, so a million rows never sit in one transaction. Every run has its own seed, so a
 * second run adds records beside the first one's.
 */
import crypto from 'node:crypto'
import { performance } from 'node:perf_hooks'

import type pg from 'pg'

import { auditRows } from './audit'
import { companies } from './companies'
import { credit } from './credit'
import { consumers, customers } from './people'
import { statesAndCities } from './places'
import type { Context, Sizes, Step } from './step'
import { vehicles } from './vehicles'
import { webEvents } from './webEvents'

export type { Sizes } from './step'

/** After each chunk: rows of the step done out of `rows`, rows written (children included) so far. */
export type Progress = {
  done: number
  rows: number
  seconds: number
  table: string
  written: number
}

export type Summary = {
  rows: number
  rowsPerSecond: number
  seconds: number
  seed: string
  tables: Record<string, number>
}

/** Credit apps are made for consumers of the same run. */
export const checkSizes = (sizes: Sizes): string | null =>
  sizes.creditApps > 0 && sizes.consumers === 0
    ? 'credit apps need consumers: give --consumers too'
    : null

const plan = (context: Context): Step[] => {
  const { sizes } = context
  return [
    statesAndCities(context),
    ...(sizes.consumers ? consumers(context) : []),
    ...(sizes.customers ? customers(context) : []),
    ...(sizes.companies ? companies(context) : []),
    ...(sizes.creditApps ? [...vehicles(context), ...credit(context)] : []),
    ...(sizes.webEvents ? webEvents(context) : []),
    ...(sizes.auditRows ? [auditRows(context)] : []),
  ].filter((step) => step.rows > 0)
}

/** Generates `sizes` records through `db` (one session: the steps share temporary tables). */
export const generateData = async (
  db: pg.ClientBase,
  sizes: Sizes,
  {
    onProgress = () => {},
    seed = crypto.randomBytes(4).toString('hex'),
  }: { onProgress?: (progress: Progress) => void; seed?: string } = {},
): Promise<Summary> => {
  const problem = checkSizes(sizes)
  if (problem) throw new Error(problem)
  const started = performance.now()
  const tables: Record<string, number> = {}
  // Generated rows can be made again; waiting for each chunk's WAL flush buys nothing here.
  await db.query('SET synchronous_commit = off')
  for (const step of plan({ seed, sizes })) {
    const stepStarted = performance.now()
    for (let from = 0; from < step.rows; from += step.chunk) {
      const to = Math.min(from + step.chunk, step.rows)
      tables[step.table] = (tables[step.table] ?? 0) + (await step.write(db, from, to))
      const seconds = (performance.now() - stepStarted) / 1000
      onProgress({
        done: to,
        rows: step.rows,
        seconds,
        table: step.table,
        written: tables[step.table],
      })
    }
  }
  // Fresh statistics, so the first queries after a run are planned as they will be later.
  await db.query('ANALYZE')
  const seconds = (performance.now() - started) / 1000
  const rows = Object.values(tables).reduce((sum, count) => sum + count, 0)
  return {
    rows,
    rowsPerSecond: Math.round(rows / seconds),
    seconds: +seconds.toFixed(2),
    seed,
    tables,
  }
}

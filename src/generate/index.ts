/**
 * Fills a migrated database with valid, realistic records fast, for benchmarks and for sizing a
 * deployment: set-based SQL (`INSERT … SELECT … FROM generate_series`) in chunks that commit on
 * their own, so a million rows never sit in one transaction, written by a few sessions at once.
 * Every run has its own seed, so a second run adds records beside the first one's.
 */
import crypto from 'node:crypto'
import { performance } from 'node:perf_hooks'

import pg from 'pg'

import { auditRows } from './audit'
import { companies } from './companies'
import { credit } from './credit'
import { consumers, customers } from './people'
import { addStatesAndCities, numberCities } from './places'
import type { Context, Sizes, Step } from './step'
import { vehicles } from './vehicles'
import { webEvents } from './webEvents'

export type { Sizes } from './step'

/** After each chunk: rows of the step done out of `rows`, rows it wrote (children included) so far. */
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
    ...(sizes.consumers ? consumers(context) : []),
    ...(sizes.customers ? customers(context) : []),
    ...(sizes.companies ? companies(context) : []),
    ...(sizes.creditApps ? [...vehicles(context), ...credit(context)] : []),
    ...(sizes.webEvents ? webEvents(context) : []),
    ...(sizes.auditRows ? [auditRows(context)] : []),
  ].filter((step) => step.rows > 0)
}

/**
 * A session of the generator. Generated rows can be made again, so waiting for each chunk's WAL
 * flush buys nothing; and their references are right by construction, so a superuser session
 * skips the foreign-key triggers (as a data-only restore does): a third of the time of a row.
 */
const openSession = async (connectionString: string): Promise<pg.Client> => {
  const db = new pg.Client({ connectionString })
  await db.connect()
  await db.query('SET synchronous_commit = off')
  await db.query('SET session_replication_role = replica').catch(() => {})
  return db
}

/** Writes a step's chunks, each session taking the next chunk as soon as it is free. */
const runStep = async (
  step: Step,
  sessions: pg.Client[],
  done: (rows: number, written: number) => void,
) => {
  let next = 0
  await Promise.all(
    sessions.map(async (db) => {
      while (next < step.rows) {
        const from = next
        const to = Math.min(from + step.chunk, step.rows)
        next = to
        done(to - from, await step.write(db, from, to))
      }
    }),
  )
}

/** Generates `sizes` records into the database at `connectionString`, in `sessions` sessions. */
export const generateData = async (
  connectionString: string,
  sizes: Sizes,
  {
    onProgress = () => {},
    seed = crypto.randomBytes(4).toString('hex'),
    sessions: count = 2,
  }: { onProgress?: (progress: Progress) => void; seed?: string; sessions?: number } = {},
): Promise<Summary> => {
  const problem = checkSizes(sizes)
  if (problem) throw new Error(problem)
  const started = performance.now()
  const sessions: pg.Client[] = []
  try {
    for (let i = 0; i < count; i++) sessions.push(await openSession(connectionString))
    const tables: Record<string, number> = {
      'state, city': await addStatesAndCities(sessions[0], seed),
    }
    for (const db of sessions) await numberCities(db)
    for (const step of plan({ seed, sizes })) {
      const stepStarted = performance.now()
      let done = 0
      let stepWritten = 0
      await runStep(step, sessions, (rows, written) => {
        done += rows
        stepWritten += written
        tables[step.table] = (tables[step.table] ?? 0) + written
        const seconds = (performance.now() - stepStarted) / 1000
        onProgress({
          done,
          rows: step.rows,
          seconds,
          table: step.table,
          written: stepWritten,
        })
      })
    }
    // Fresh statistics, so the first queries after a run are planned as they will be later.
    await sessions[0].query('ANALYZE')
    const seconds = (performance.now() - started) / 1000
    const rows = Object.values(tables).reduce((sum, n) => sum + n, 0)
    return {
      rows,
      rowsPerSecond: Math.round(rows / seconds),
      seconds: +seconds.toFixed(2),
      seed,
      tables,
    }
  } finally {
    await Promise.all(sessions.map((db) => db.end()))
  }
}

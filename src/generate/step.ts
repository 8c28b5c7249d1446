import type pg from 'pg'

/** How many records of each kind to generate; the records they need come with them. */
export type Sizes = {
  auditRows: number
  companies: number
  consumers: number
  creditApps: number
  customers: number
  webEvents: number
}

/** What every step knows: the run's seed (part of every id) and the sizes asked for. */
export type Context = { seed: string; sizes: Sizes }

/** Writes rows `from` (inclusive) to `to` (exclusive) of a step; answers how many rows it wrote. */
export type ChunkWriter = (db: pg.ClientBase, from: number, to: number) => Promise<number>

/** One kind of record, written in chunks of `chunk` rows (each chunk commits on its own). */
export type Step = { chunk: number; rows: number; table: string; write: ChunkWriter }

/** A statement over the chunk's rows: `$1` is the first index, `$2` one past the last. */
export const statement =
  (sql: string): ChunkWriter =>
  async (db, from, to) =>
    (await db.query(sql, [from, to])).rowCount ?? 0

/** Several writers over the same chunk, in order (a record before the rows that refer to it). */
export const inOrder =
  (...writers: ChunkWriter[]): ChunkWriter =>
  async (db, from, to) => {
    let rows = 0
    for (const write of writers) rows += await write(db, from, to)
    return rows
  }

/** Rows of a step written in chunks of this many (the encrypting steps use smaller ones). */
export const CHUNK = 50_000

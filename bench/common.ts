import crypto from 'node:crypto'

import pg from 'pg'

import { resolveDatabase } from '@/db/resolveDatabase'
import { loadEnv } from '@/lib/loadEnv'

/** `--name N` from the command line, or the fallback. */
export const arg = (name: string, fallback: number): number =>
  Number(process.argv[process.argv.indexOf(`--${name}`) + 1]) || fallback

export const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/**
 * A database of its own for a benchmark, beside DATABASE_URL's (or in the embedded server when
 * DATABASE_URL is not set); DATABASE_URL points at it until `drop()`.
 */
export const throwawayDatabase = async (): Promise<{ drop: () => Promise<void> }> => {
  loadEnv()
  const embedded = await resolveDatabase()
  const server = new URL(process.env.DATABASE_URL!)
  const name = `commerce_bench_${crypto.randomBytes(4).toString('hex')}`
  const sql = async (statement: string) => {
    const client = new pg.Client({
      connectionString: Object.assign(new URL(server), { pathname: '/postgres' }).toString(),
    })
    await client.connect()
    await client.query(statement).finally(() => client.end())
  }
  await sql(`create database ${name}`)
  process.env.DATABASE_URL = Object.assign(new URL(server), { pathname: `/${name}` }).toString()
  return {
    drop: async () => {
      await sql(`drop database if exists ${name} with (force)`)
      if (embedded?.owned) await embedded.stop()
    },
  }
}

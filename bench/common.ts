import crypto from 'node:crypto'

import pg from 'pg'

import { resolveDatabase } from '@/db/resolveDatabase'
import { loadEnv } from '@/lib/loadEnv'

import { lastLine, runCli } from '../test/helpers/cli'

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

/**
 * The service's environment in the HTTP benchmarks: `npm start` in production, one process (the
 * statement counter asks one process), no job runner (so every statement counted is a
 * request's), no demo data, and rate limits far above what one client here can send (throughput,
 * not the limiter). The keys are new unless given (a kept database needs its own).
 */
export const serviceEnv = (
  databaseUrl: string,
  keys: { creditDataKeys?: string; payloadSecret?: string } = {},
): Record<string, string> => ({
  // The statement counter patches node_modules' pg: a process of the lean build (ADMIN_UI=off,
  // scripts/compile.mjs) has its own copy bundled, whose statements it would not see.
  ADMIN_UI: 'on',
  CREDIT_DATA_KEYS: keys.creditDataKeys ?? `bench:${crypto.randomBytes(32).toString('base64')}`,
  DATABASE_URL: databaseUrl,
  JOBS_RUNNER: 'off',
  NODE_ENV: 'production',
  PAYLOAD_SECRET: keys.payloadSecret ?? crypto.randomBytes(32).toString('hex'),
  RATE_LIMIT_API: '1000000000',
  RATE_LIMIT_COMMERCE: '1000000000',
  SEED_DEMO_DATA: 'false',
  WEB_CONCURRENCY: '1',
})

/** Runs one of the project's commands with `env`; its last line of output, as JSON. */
export const cliWith = (env: Record<string, string>) => async (script: string, args: string[]) => {
  const result = await runCli(script, args, env)
  if (result.code !== 0) throw new Error(`${script} failed:\n${result.stderr.slice(-3000)}`)
  return JSON.parse(lastLine(result.stdout))
}

/** Second factors live with the run that enrolled them: on a kept database these accounts enrol anew. */
export const enrolAnew = (db: pg.ClientBase, emails: string[]) =>
  db.query(
    `UPDATE users SET mfa_enabled = false, mfa_secret = NULL, mfa_enrolled_at = NULL,
     mfa_recovery_codes = NULL WHERE email = ANY($1)`,
    [emails],
  )

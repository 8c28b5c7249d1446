/**
 * npm run generate -- [--web-events N] [--companies N] [--customers N] [--consumers N]
 *   [--credit-apps N] [--audit-rows N] [--database-url URL] [--seed S]
 * Fills the database (DATABASE_URL, --database-url, or the embedded one) with generated records,
 * after bringing its schema up to date. Progress goes to stderr; the last stdout line is the
 * summary {"rows","rowsPerSecond","seconds","seed","tables"}.
 */
import './cliEnv'

import { checkSizes, generateData, type Sizes } from '@/generate'

import { cliOptions, type Options, runTask, UsageError } from './run'

const counts: Record<string, keyof Sizes> = {
  'audit-rows': 'auditRows',
  companies: 'companies',
  consumers: 'consumers',
  'credit-apps': 'creditApps',
  customers: 'customers',
  'web-events': 'webEvents',
}
const usage = `usage: npm run generate -- ${Object.keys(counts)
  .map((name) => `[--${name} N]`)
  .join(' ')} [--database-url URL] [--seed S]`

await runTask(
  () => {
    // Typed as a whole (not by key): the count options are made from `counts`.
    const options: Options = {
      ...Object.fromEntries(Object.keys(counts).map((name) => [name, { type: 'string' as const }])),
      'database-url': { type: 'string' },
      seed: { type: 'string' },
    }
    const values = cliOptions(options, usage)
    // Every option takes a string (`type: 'string'`).
    const given = (name: string) => {
      const value = values[name]
      return typeof value === 'string' ? value : undefined
    }
    const sizes: Sizes = {
      auditRows: 0,
      companies: 0,
      consumers: 0,
      creditApps: 0,
      customers: 0,
      webEvents: 0,
    }
    for (const [name, key] of Object.entries(counts)) {
      const value = Number(given(name) ?? 0)
      if (!Number.isSafeInteger(value) || value < 0)
        throw new UsageError(`--${name} must be a whole number ≥ 0\n${usage}`)
      sizes[key] = value
    }
    const problem = checkSizes(sizes)
    if (problem) throw new UsageError(`${problem}\n${usage}`)
    const databaseUrl = given('database-url')
    if (databaseUrl) process.env.DATABASE_URL = databaseUrl
    return { seed: given('seed'), sizes }
  },
  (_payload, { seed, sizes }) =>
    generateData(process.env.DATABASE_URL!, sizes, {
      onProgress: ({ done, rows, seconds, table, written }) =>
        process.stderr.write(
          `${table}: ${done}/${rows} (${written} rows, ${Math.round(written / seconds)} rows/s)\n`,
        ),
      seed,
    }),
)

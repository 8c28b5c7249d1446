/**
 * Key rotation speed: `npm run bench:rotate-keys [-- --rows 5000 --runs 3]`. In a throwaway
 * database, consumers are stored under key "a"; each run rotates all of them to a new first key.
 * Baseline: a run with nothing left to re-encrypt (the same scan, no writes), in the same run.
 */
import crypto from 'node:crypto'
import { performance } from 'node:perf_hooks'

import { encryptValue, rotateCreditDataKeys } from '@/creditData'
import { openRuntime } from '@/start/runtime'

import { arg, median, throwawayDatabase } from './common'

const rows = arg('rows', 5000)
const runs = arg('runs', 3)
const key = (id: string) => `${id}:${crypto.randomBytes(32).toString('base64')}`

const database = await throwawayDatabase()
let keys = key('k0')
process.env.CREDIT_DATA_KEYS = keys
const runtime = await openRuntime()
try {
  const { payload } = runtime
  for (let i = 0; i < rows; i++) {
    const ssn = `123-45-${String(i % 10_000).padStart(4, '0')}`
    await payload.db.create({
      collection: 'consumer',
      data: {
        birthDate: encryptValue('1985-03-14', 'birthDate'),
        firstName: 'Bench',
        id: `con_bench_${i}`,
        lastName: String(i),
        phoneNumber: '(646) 555-0100',
        ssn: encryptValue(ssn, 'ssn'),
      },
    })
  }
  const rotate: number[] = []
  const scan: number[] = []
  for (let run = 1; run <= runs; run++) {
    keys = `${key(`k${run}`)},${keys}`
    process.env.CREDIT_DATA_KEYS = keys
    let start = performance.now()
    const summary = await rotateCreditDataKeys(payload)
    rotate.push(performance.now() - start)
    if (summary.reencrypted < rows)
      throw new Error(`only ${summary.reencrypted} of ${rows} rows re-encrypted`)
    start = performance.now()
    await rotateCreditDataKeys(payload)
    scan.push(performance.now() - start)
  }
  console.log(`${rows} consumers (2 encrypted values each), ${runs} runs; medians`)
  console.log(
    `baseline: scan with nothing to do   ${median(scan).toFixed(0).padStart(7)} ms  (${((rows / median(scan)) * 1000).toFixed(0)} rows/s)`,
  )
  console.log(
    `rotate every row to a new key       ${median(rotate).toFixed(0).padStart(7)} ms  (${((rows / median(rotate)) * 1000).toFixed(0)} rows/s, ${(median(rotate) / median(scan)).toFixed(1)}× baseline)`,
  )
} finally {
  await runtime.close()
  await database.drop()
}

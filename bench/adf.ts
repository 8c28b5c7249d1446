/**
 * ADF intake speed: `npm run bench:adf [-- --prospects 50 --runs 7]`. Posts an ADF document of N
 * prospects to POST /api/leads/adf over HTTP, as a staff user, in a throwaway database (beside
 * DATABASE_URL's, or in the embedded server, and dropped after), and prints the median time from
 * sending it to its 201 (every lead and its event saved, in one transaction). Goal: under 1 s
 * for 50 prospects. A one-prospect document is timed alongside as the baseline.
 */
import { performance } from 'node:perf_hooks'

import { seedDemoData } from '@/seed'

import { sampleAdf } from '../test/helpers/adf'
import { staffUser } from '../test/helpers/principals'
import { startTestService } from '../test/helpers/testService'
import { arg, median, throwawayDatabase } from './common'

const prospects = arg('prospects', 50)
const runs = arg('runs', 7)

const database = await throwawayDatabase()
const service = await startTestService({ databaseUrl: process.env.DATABASE_URL })
try {
  await seedDemoData(service.payload)
  const staff = await staffUser(service.payload, 'staff')
  const document = (count: number, run: number) =>
    sampleAdf(
      Array.from({ length: count }, (_, index) => ({
        email: `buyer.${run}.${index}@example.com`,
        lastName: `Buyer${run}x${index}`,
      })),
    )
  const send = async (xml: string) => {
    const started = performance.now()
    const response = await service.api('/api/leads/adf', {
      body: xml,
      headers: { 'Content-Type': 'application/xml', ...staff.headers },
      method: 'POST',
    })
    const answer = await response.text()
    if (response.status !== 201)
      throw new Error(`POST /api/leads/adf answered ${response.status}: ${answer}`)
    return performance.now() - started
  }
  // Warm-up: the first request compiles and caches what the others reuse.
  await send(document(1, -1))
  const one: number[] = []
  const many: number[] = []
  for (let run = 0; run < runs; run++) {
    one.push(await send(document(1, run)))
    many.push(await send(document(prospects, run)))
  }
  const bytes = Buffer.byteLength(document(prospects, 0))
  console.log(`POST /api/leads/adf, ${runs} runs; medians`)
  console.log(`1 prospect                     ${median(one).toFixed(0).padStart(6)} ms`)
  console.log(
    `${prospects} prospects (${(bytes / 1024).toFixed(0)} KiB)       ${median(many).toFixed(0).padStart(6)} ms  (${(median(many) / prospects).toFixed(1)} ms per lead; goal < 1000 ms)`,
  )
} finally {
  await service.close()
  await database.drop()
}

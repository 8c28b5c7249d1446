/**
 * Sending credit apps through the jobs queue: `npm run bench:providers [-- --apps 40 --runs 3]`.
 * Against a fake provider on 127.0.0.1, in a throwaway database (created beside DATABASE_URL's,
 * or in the embedded server, and dropped after). Baseline: the same HTTP call made directly,
 * measured in the same run. Prints medians: per-app latency from the write that queued it to
 * `accepted`, and throughput of a burst, at the default poll interval and a short one.
 */
import crypto from 'node:crypto'
import { performance } from 'node:perf_hooks'

import { startJobRunner } from '@/jobs/runner'
import { sendApplication } from '@/providers/send'
import { toApplication } from '@/providers/submit'
import { seedDemoData } from '@/seed'
import { openRuntime } from '@/start/runtime'

import { startFakeProvider } from '../test/helpers/fakeProvider'
import { arg, median, throwawayDatabase } from './common'

const apps = arg('apps', 40)
const runs = arg('runs', 3)

const database = await throwawayDatabase()
const provider = await startFakeProvider('a')
// The fake provider stands for one that collects the credit-report authorization itself.
Object.assign(process.env, {
  CREDIT_AUTHORIZATION_REQUIRED: 'false',
  PROVIDER_A_API_KEY: 'bench',
  PROVIDER_A_URL: provider.url,
})
const runtime = await openRuntime()
try {
  const { payload } = runtime
  await seedDemoData(payload)
  const data = {
    birthDate: '1985-03-14',
    consumer: 'con_demo_maria',
    preApproval: 'pre_demo_maria',
    provider: 'provider_a' as const,
    ssn: '123-45-6789',
    toProvider: true,
    vehicle: '4T1B11HK7NU000123',
  }

  const sample = await payload.findByID({
    collection: 'credit-app',
    depth: 1,
    id: 'crapp_demo_maria',
    overrideAccess: true,
  })
  const baseline: number[] = []
  for (let i = 0; i < apps * runs; i++) {
    const start = performance.now()
    await sendApplication(
      'provider_a',
      toApplication(sample as unknown as Record<string, unknown>),
      crypto.randomUUID(),
    )
    baseline.push(performance.now() - start)
  }
  console.log(`${apps} apps per burst, ${runs} runs; medians`)
  console.log(
    `baseline: one direct provider call          ${median(baseline).toFixed(1).padStart(8)} ms`,
  )

  for (const pollMs of [1000, 50]) {
    const latencies: number[] = []
    const bursts: number[] = []
    const runner = startJobRunner(payload, { pollMs })
    for (let run = 0; run < runs; run++) {
      const start = performance.now()
      const created = await Promise.all(
        Array.from({ length: apps }, () =>
          payload
            .create({ collection: 'credit-app', data, depth: 0 })
            .then((doc) => ({ at: performance.now(), id: doc.id })),
        ),
      )
      const pending = new Map(created.map((app) => [app.id, app.at]))
      while (pending.size) {
        await new Promise((resolve) => setTimeout(resolve, 10))
        const { docs } = await payload.find({
          collection: 'credit-app',
          depth: 0,
          limit: 0,
          overrideAccess: true,
          where: {
            and: [
              { id: { in: [...pending.keys()] } },
              { 'providerSubmission.status': { equals: 'accepted' } },
            ],
          },
        })
        for (const doc of docs) {
          latencies.push(performance.now() - pending.get(doc.id)!)
          pending.delete(doc.id)
        }
      }
      bursts.push(performance.now() - start)
    }
    await runner.stop()
    const perSecond = (apps / median(bursts)) * 1000
    console.log(
      `poll ${String(pollMs).padStart(4)} ms: write → accepted          ${median(latencies).toFixed(1).padStart(8)} ms  (${(median(latencies) / median(baseline)).toFixed(0)}× baseline)`,
    )
    console.log(
      `poll ${String(pollMs).padStart(4)} ms: burst of ${apps}, all accepted   ${median(bursts).toFixed(0).padStart(8)} ms  (${perSecond.toFixed(1)} apps/s)`,
    )
  }
  const sent = provider.requests.length - apps * runs
  console.log(`provider requests through the queue: ${sent} for ${2 * apps * runs} apps`)
} finally {
  await runtime.close()
  await provider.close()
  await database.drop()
}

/**
 * Webhook delivery survives the processes around it, against the service as it runs in
 * production (`npm start`, `npm run worker`, a database of its own):
 * - changes acknowledged by a service that is then killed with SIGKILL, before any delivery,
 *   are all delivered by a worker started afterwards, each once, signed;
 * - a worker killed while a receiver is still answering leaves the delivery pending: the next
 *   worker sends it again with the same webhook-id (at least once).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { lastLine, runCli } from '../helpers/cli'
import { createTestDatabase } from '../helpers/database'
import {
  productionSettings,
  type ScriptProcess,
  type ServiceProcess,
  startScriptProcess,
  startServiceProcess,
} from '../helpers/serviceProcess'
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver'

const START_MS = 15 * 60_000

let database: Awaited<ReturnType<typeof createTestDatabase>>
let settings: Record<string, string>
let service: ServiceProcess
let receiver: WebhookReceiver
let authorization: string
const workers: ScriptProcess[] = []

const startWorker = async () => {
  const worker = startScriptProcess('worker', { ...settings, JOBS_POLL_MS: '100' })
  workers.push(worker)
  await worker.waitFor(/worker started/, 90_000)
  return worker
}

const post = async (path: string, body: unknown) => {
  const response = await fetch(`${service.url}${path}`, {
    body: JSON.stringify(body),
    headers: { authorization, 'content-type': 'application/json' },
    method: 'POST',
  })
  return { body: await response.json(), status: response.status }
}

beforeAll(async () => {
  database = await createTestDatabase()
  receiver = await startWebhookReceiver()
  settings = {
    ...productionSettings(database.url),
    // An API node: the lean build (scripts/compile.mjs), as the jobs worker beside it.
    ADMIN_UI: 'off',
    JOBS_RUNNER: 'off',
    REDIS_URL: '',
    WEB_CONCURRENCY: '1',
    WEBHOOK_ALLOW_LOOPBACK: 'true',
    WEBHOOK_RETRY_BASE_MS: '200',
  }
  service = await startServiceProcess(settings)
  await service.waitFor(/commerce service listening/, START_MS)
  const created = await runCli('create-api-key', ['--role', 'admin'], settings)
  expect(created.code).toBe(0)
  authorization = JSON.parse(lastLine(created.stdout)).apiKey
}, START_MS + 60_000)

afterAll(async () => {
  for (const worker of workers) await worker.stop('SIGKILL')
  await service?.stop('SIGKILL')
  await receiver?.close()
  await database?.drop()
})

describe('webhooks across process deaths', () => {
  it('delivers every acknowledged change once after the service is killed before delivering', async () => {
    const endpoint = await post('/api/webhook-endpoints', {
      events: ['error.created', 'consumer.created'],
      url: receiver.url,
    })
    expect(endpoint.status).toBe(201)
    receiver.secrets = [endpoint.body.doc.secret]
    const acknowledged: string[] = []
    for (let i = 0; i < 4; i++) {
      const error = await post('/api/errors', { message: `failure ${i}`, source: 'outbox-test' })
      expect(error.status).toBe(201)
      acknowledged.push(`errors:${error.body.doc.id}`)
    }
    const consumer = await post('/api/consumers', {
      birthDate: '1990-01-01',
      firstName: 'Kim',
      lastName: 'Outbox',
      phoneNumber: '2135550100',
    })
    expect(consumer.status).toBe(200)
    acknowledged.push(`consumer:${consumer.body.data.id}`)
    // The jobs run elsewhere (JOBS_RUNNER=off): nothing has been sent when the service dies.
    expect(await service.stop('SIGKILL')).toBeNull()
    expect(receiver.received).toHaveLength(0)

    await startWorker()
    const received = await receiver.waitFor(5, () => true, 60_000)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(receiver.received).toHaveLength(5)
    expect(received.every((item) => item.verifiedWith === 0)).toBe(true)
    expect(new Set(received.map((item) => item.id)).size).toBe(5)
    expect(
      received.map((item) => `${item.body.data.collection}:${item.body.data.id}`).sort(),
    ).toEqual(acknowledged.sort())
    expect(JSON.stringify(received.map((item) => item.body))).not.toContain('1990-01-01')
  }, 120_000)

  it(
    'sends a delivery again, with the same webhook-id, when its worker dies mid-attempt',
    async () => {
      await workers.pop()!.stop('SIGKILL')
      service = await startServiceProcess(settings)
      await service.waitFor(/commerce service listening/, START_MS)
      receiver.received.length = 0
      // The receiver takes 30 s to answer the first attempt: the worker is killed before that.
      receiver.script({ delayMs: 30_000, status: 204 })
      const error = await post('/api/errors', { message: 'slow receiver', source: 'outbox-test' })
      expect(error.status).toBe(201)
      const worker = await startWorker()
      const [first] = await receiver.waitFor(1, () => true, 60_000)
      await worker.stop('SIGKILL')
      await startWorker()
      const [, again] = await receiver.waitFor(2, () => true, 60_000)
      expect(again.id).toBe(first.id)
      expect(again.verifiedWith).toBe(0)
      expect(again.body.data.id).toBe(error.body.doc.id)
    },
    START_MS,
  )
})

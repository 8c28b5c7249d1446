/**
 * What a write sends to PostgreSQL, statement by statement (BEGIN and COMMIT included), counted
 * on Payload's pooled connections as bench/http/countStatements.mjs counts them in the benchmark:
 * 20 creates of a consumer through each path, and the statements of one, by kind. The figures are
 * printed; docs/performance.md reports them.
 */
import { describe, expect, it } from '@jest/globals'

import { sendJson } from '../helpers/http'
import { useTestService } from '../helpers/service'
import { countStatements, statementKind } from '../helpers/statements'

const context = useTestService({ principals: true })
const CREATES = 20

const counted = countStatements(context)

const body = {
  birthDate: '1985-03-14',
  email: 'bench@example.com',
  firstName: 'Bench',
  lastName: 'Write',
  phoneNumber: '(646) 555-0100',
  ssn: '900-12-3456',
}

/** Statements per create through `path` (the benchmark's body), and those of one create by kind. */
const measure = async (path: string, { endpointsChanged = false } = {}) => {
  const headers = context.who.integrator.headers
  const create = async () =>
    expect((await sendJson(context.service, 'POST', path, { body, headers })).status).toBeLessThan(
      300,
    )
  // One first: the key is looked up and cached, as in a running service.
  counted.sent = []
  await create()
  // After an endpoint changed, until the process has heard so (the change notice arrives on its
  // own connection) and read the subscriptions again: a create that reads them.
  for (let waited = 0; endpointsChanged && waited < 80; waited += 1) {
    if (counted.sent.some((text) => statementKind(text) === 'select webhook_endpoints')) break
    await new Promise((resolve) => setTimeout(resolve, 250))
    counted.sent = []
    await create()
  }
  counted.sent = []
  for (let i = 0; i < CREATES; i += 1) await create()
  // Not the write's: the API key is looked up again when its 5 s in the cache are over.
  const statements = counted.sent.filter((text) => statementKind(text) !== 'select api_clients')
  const perCreate = statements.length / CREATES
  const kinds = statements.slice(0, perCreate).map(statementKind)
  process.stderr.write(`POST ${path}: ${perCreate} statements per create: ${kinds.join(' | ')}\n`)
  return { kinds, perCreate }
}

const ONE_CREATE = [
  'begin',
  // The consumer's own data key, made for their SSN and birth date (src/creditData/consumerKeys.ts).
  'batch: insert consumer_data_keys',
  'insert consumer',
  // The adapter reads the row back with its lists and relations (Payload's create returns it).
  'select consumer',
  'insert _consumer_v',
  'batch: insert audit_log, insert audit_log_texts',
  'commit',
]

/** Endpoint 4's compiled create (src/flows/consumerCreate.ts): the rows, then the answer. */
const COMPILED_CREATE = [
  'begin',
  'batch: insert consumer_data_keys, insert consumer, insert _consumer_v, insert audit_log, insert audit_log_texts',
  // The answer, one compiled read (its first table is the consumer's phone numbers).
  'select consumer_texts',
  'commit',
]

describe('statements per create of a consumer', () => {
  it('no subscriber looked up, the audit entry in one statement, no trim; endpoint 4 in one statement', async () => {
    expect(await measure('/api/consumer')).toEqual({
      kinds: ONE_CREATE,
      perCreate: ONE_CREATE.length,
    })
    expect(await measure('/api/consumers')).toEqual({
      kinds: COMPILED_CREATE,
      perCreate: COMPILED_CREATE.length,
    })
  })

  it('with an endpoint subscribed: the record read for the payload, the delivery in the same batch', async () => {
    const endpoint = await context.service.payload.create({
      collection: 'webhook-endpoints',
      data: { events: ['consumer.created'], url: 'https://receiver.example.com/hooks' },
    })
    const withDelivery = [
      ...ONE_CREATE.slice(0, 5),
      'select consumer',
      'batch: insert audit_log, insert audit_log_texts, insert webhook_deliveries',
      'commit',
    ]
    // Compiled: the record at depth 0 read for the payload after the rows, its deliveries alone.
    const compiledWithDelivery = [
      ...COMPILED_CREATE.slice(0, 2),
      'select consumer',
      'insert webhook_deliveries',
      ...COMPILED_CREATE.slice(2),
    ]
    try {
      expect(await measure('/api/consumer', { endpointsChanged: true })).toEqual({
        kinds: withDelivery,
        perCreate: withDelivery.length,
      })
      expect(await measure('/api/consumers')).toEqual({
        kinds: compiledWithDelivery,
        perCreate: compiledWithDelivery.length,
      })
    } finally {
      await context.service.payload.update({
        collection: 'webhook-endpoints',
        data: { enabled: false },
        id: endpoint.id,
      })
    }
  })

  it('an update sends its audit entry and the trim of old versions as one statement', async () => {
    const { id } = await context.service.payload.create({ collection: 'consumer', data: body })
    counted.sent = []
    const response = await sendJson(context.service, 'PATCH', `/api/consumer/${id}`, {
      body: { firstName: 'Renamed' },
      headers: context.who.staff.headers,
    })
    expect(response.status).toBe(200)
    const kinds = counted.sent.map(statementKind)
    process.stderr.write(
      `PATCH /api/consumer/{id}: ${kinds.length} statements: ${kinds.join(' | ')}\n`,
    )
    expect(kinds.filter((found) => found.startsWith('batch'))).toEqual([
      'batch: insert audit_log, insert audit_log_texts, delete _consumer_v',
    ])
    // The adapter reads the new version back; Payload's trim read the versions again before.
    expect(kinds.filter((found) => found === 'select _consumer_v')).toHaveLength(1)
  })
})

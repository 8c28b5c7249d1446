/**
 * The VDP e-mail create compiled (src/flows/vdpEmailCreate.ts): `POST /api/vdpEmails` sent both
 * ways, through Payload's create and through the compiled write, must leave the same row, VIN rows,
 * version and version VIN rows and give the same answer (status, headers, body, key order), ids
 * and times aside; what the compiled write does not know goes through Payload, with Payload's
 * answer; a write the database refuses is answered by Payload, and written once.
 */
import { beforeAll, describe, expect, it } from '@jest/globals'

import { hookSignature } from '@/flows/compiledWrites'
import { compiledVdpEmailCreates } from '@/flows/vdpEmailCreate'
import { HOOKS } from '@/flows/vdpEmailRows'

import { bothWaysWith, kindsBothWays, restCreate } from '../helpers/bothWays'
import { sendJson } from '../helpers/http'
import { refuseWrite } from '../helpers/refuseWrite'
import { useTestService } from '../helpers/service'
import { countStatements } from '../helpers/statements'
import { vdpEmailWritten } from '../helpers/vdpEmails'

const context = useTestService({ principals: true, seed: true })
const counted = countStatements(context)

type Headers = Record<string, string>

const ids = { lead: 0, trashedLead: 0, vins: [] as number[] }

beforeAll(async () => {
  const { payload } = context.service
  const leads = await payload.find({ collection: 'lead', depth: 0, limit: 2, sort: 'id' })
  const vins = await payload.find({ collection: 'vin', depth: 0, limit: 3, sort: 'id' })
  ids.lead = leads.docs[0].id
  ids.trashedLead = leads.docs[1].id
  ids.vins = vins.docs.map((vin) => vin.id)
  expect(ids.vins).toHaveLength(3)
})

const written = vdpEmailWritten(() => context.service)

/** The same request through Payload's create, then the compiled write: both answers and what each left. */
const bothWays = bothWaysWith(
  compiledVdpEmailCreates,
  (body: unknown, headers: Headers = context.who.clientAdmin.headers, query = '') =>
    restCreate(context.service, `/api/vdpEmails${query}`, { body, headers }, written, true),
)

describe('POST /api/vdpEmails, compiled', () => {
  it('is written against the collection as it is (its hooks are the ones it does the work of)', () => {
    expect(hookSignature(context.service.payload.collections.vdpEmails.config)).toBe(HOOKS)
  })

  it.each([
    ['a lead and three VINs', () => ({ lead: ids.lead, vins: ids.vins })],
    ['a lead and one VIN', () => ({ lead: ids.lead, vins: ids.vins.slice(0, 1) })],
    [
      'a lead and the VINs in another order',
      () => ({ lead: ids.lead, vins: [...ids.vins].reverse() }),
    ],
    ['a lead and no VINs', () => ({ lead: ids.lead, vins: [] })],
    ['a lead alone', () => ({ lead: ids.lead })],
  ])(
    'with %s, by an admin key: the same answer, row and version as Payload',
    async (_name, body) => {
      const { compiled, payload } = await bothWays(body())
      expect(payload.status).toBe(201)
      expect(compiled).toEqual({ ...payload, served: 1 })
    },
  )

  it('sends eleven statements fewer than Payload: its answer one compiled read, and the user in it one find', async () => {
    const kinds = await kindsBothWays(compiledVdpEmailCreates, counted, () =>
      sendJson(context.service, 'POST', '/api/vdpEmails', {
        body: { lead: ids.lead, vins: ids.vins.slice(0, 2) },
        headers: context.who.clientAdmin.headers,
      }),
    )
    // Payload's findByID at depth 2 reads the record, then each level's relations.
    const answer = [
      'select vdp_emails',
      'select lead',
      'select consumer',
      'select consumer_data_keys',
      'select location',
      'select users',
      'select vin',
      'select vehicle',
    ]
    expect(kinds).toEqual({
      false: [
        'begin',
        'select lead',
        'select vin',
        'select lead',
        'insert vdp_emails',
        'insert vdp_emails_rels',
        ...answer.slice(0, 1),
        'insert _vdp_emails_v',
        'insert _vdp_emails_v_rels',
        ...answer.slice(1),
        'commit',
      ],
      true: [
        'begin',
        'select vin',
        'batch: insert vdp_emails, insert vdp_emails_rels, insert _vdp_emails_v, insert _vdp_emails_v_rels',
        // One statement builds the whole answer (named by the first table its subqueries read);
        // the lead's assignee, a user, is read by Payload's dataloader (src/reads/statement.ts).
        'select consumer_texts',
        'select users',
        'commit',
      ],
    })
  })

  it.each([
    ['a lead that does not exist', () => ({ lead: 999_999, vins: ids.vins })],
    ['a VIN that does not exist', () => ({ lead: ids.lead, vins: [ids.vins[0], 999_999] })],
    ['a VIN named twice', () => ({ lead: ids.lead, vins: [ids.vins[0], ids.vins[0]] })],
    ['a lead in the trash', () => ({ lead: ids.trashedLead, vins: ids.vins })],
    ['a lead as text', () => ({ lead: String(ids.lead), vins: ids.vins })],
    ['a lead id past the column', () => ({ lead: 2 ** 40, vins: ids.vins })],
    ['a VIN id past the column', () => ({ lead: ids.lead, vins: [2 ** 40] })],
    ['no lead', () => ({ vins: ids.vins })],
    ['VINs that are not a list', () => ({ lead: ids.lead, vins: ids.vins[0] })],
    ['a title of its own', () => ({ lead: ids.lead, title: 'Mine', vins: ids.vins })],
    ['a VIN count of its own', () => ({ lead: ids.lead, vinCount: '9', vins: ids.vins })],
    ['a prototype key', () => JSON.parse(`{"lead":${ids.lead},"__proto__":{"vins":[1]}}`)],
  ])('leaves %s to Payload, with its answer', async (_name, body) => {
    const db = context.service.payload.db.pool
    await db.query('UPDATE lead SET deleted_at = now() WHERE id = $1', [ids.trashedLead])
    try {
      const { compiled, payload } = await bothWays(body())
      expect(compiled.served).toBe(0)
      expect(compiled.status).toBe(payload.status)
      expect(compiled.answer).toEqual(payload.answer)
      expect(compiled.written).toEqual(payload.written)
    } finally {
      await db.query('UPDATE lead SET deleted_at = NULL WHERE id = $1', [ids.trashedLead])
    }
  })

  it('leaves staff, a lead agent, an integrator and a query string to Payload', async () => {
    const body = { lead: ids.lead, vins: ids.vins }
    for (const [headers, query] of [
      [context.who.staff.headers, ''],
      [context.who.staffAdmin.headers, ''],
      [context.who.leadAgent.headers, ''],
      [context.who.integrator.headers, ''],
      [context.who.clientAdmin.headers, '?depth=0'],
    ] as const) {
      const { compiled, payload } = await bothWays(body, headers, query)
      expect(compiled.served).toBe(0)
      expect(compiled.status).toBe(payload.status)
      expect(compiled.keys).toEqual(payload.keys)
    }
  })

  it('leaves a create with an Idempotency-Key to Payload, which keeps its answer', async () => {
    const headers = { ...context.who.clientAdmin.headers, 'idempotency-key': `vdp-${Date.now()}` }
    const served = compiledVdpEmailCreates.served
    const body = { lead: ids.lead, vins: ids.vins }
    const first = await sendJson(context.service, 'POST', '/api/vdpEmails', { body, headers })
    expect(first.status).toBe(201)
    expect(compiledVdpEmailCreates.served).toBe(served)
    // The answer embeds the lead's assignee, a user, with the sessions list an admin key reads
    // empty: the replay is still the admin key's to read.
    const again = await sendJson(context.service, 'POST', '/api/vdpEmails', { body, headers })
    expect([again.status, again.headers['idempotent-replayed']]).toEqual([201, 'true'])
    expect(again.body).toEqual(first.body)
  })

  it('answers as Payload does when the database refuses the compiled write, and writes once', async () => {
    const db = context.service.payload.db.pool
    // On the version's VIN rows: in the middle of the write's statement, inside its transaction.
    const refusal = await refuseWrite(db, '_vdp_emails_v_rels')
    try {
      const served = compiledVdpEmailCreates.served
      const count = async () =>
        Number((await db.query('SELECT count(*) FROM vdp_emails')).rows[0].count)
      const before = await count()
      const response = await sendJson(context.service, 'POST', '/api/vdpEmails', {
        body: { lead: ids.lead, vins: ids.vins.slice(0, 1) },
        headers: context.who.clientAdmin.headers,
      })
      expect(response.status).toBe(201)
      expect(compiledVdpEmailCreates.served).toBe(served)
      expect(await count()).toBe(before + 1)
      const { rows } = await db.query(
        'SELECT count(*)::int AS n FROM vdp_emails_rels WHERE parent_id = $1',
        [response.body.doc.id],
      )
      expect(rows[0].n).toBe(1)
      // The compiled write, refused and rolled back; then Payload's create.
      expect(await refusal.attempts()).toBe(2)
    } finally {
      await refusal.drop()
    }
  })
})

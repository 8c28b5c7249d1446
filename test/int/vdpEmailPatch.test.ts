/**
 * Endpoint 12 compiled (src/flows/vdpEmailPatch.ts): `PATCH /api/vdpEmails/{id}` sent to twin
 * records, one through Payload's update and one through the compiled write, must leave the same
 * row, VIN rows, versions and version VIN rows and give the same answer (status, headers, body,
 * key order), ids and times aside; what the compiled write does not know goes through Payload,
 * with Payload's answer; a write the database refuses is answered by Payload, and written once.
 */
import { beforeAll, describe, expect, it } from '@jest/globals'
import pg from 'pg'

import { compiledVdpEmailPatches } from '@/flows/vdpEmailPatch'

import { bothWaysWith, kindsBothWays, restWrite } from '../helpers/bothWays'
import { sendJson } from '../helpers/http'
import { refuseWrite } from '../helpers/refuseWrite'
import { useTestService } from '../helpers/service'
import { countStatements } from '../helpers/statements'
import { vdpEmailWritten } from '../helpers/vdpEmails'
import { withSubscribedEndpoint } from '../helpers/webhookEndpoint'

const context = useTestService({ principals: true, seed: true })
const counted = countStatements(context)
const written = vdpEmailWritten(() => context.service)

type Headers = Record<string, string>

const ids = { lead: 0, otherLead: 0, trashedLead: 0, vins: [] as number[] }

beforeAll(async () => {
  const { payload } = context.service
  const leads = await payload.find({ collection: 'lead', depth: 0, limit: 3, sort: 'id' })
  const vins = await payload.find({ collection: 'vin', depth: 0, limit: 3, sort: 'id' })
  const fourth = await payload.create({ collection: 'vin', data: { vin: '1HGCM82633A004352' } })
  ;[ids.lead, ids.otherLead, ids.trashedLead] = leads.docs.map((lead) => lead.id)
  ids.vins = [...vins.docs.map((vin) => vin.id), fourth.id]
  expect(ids.vins).toHaveLength(4)
  expect(ids.trashedLead).toBeGreaterThan(0)
})

/** A VDP e-mail of the first lead and two VINs, as an integration records one. */
const twin = async () =>
  (
    await context.service.payload.create({
      collection: 'vdpEmails',
      data: { lead: ids.lead, vins: ids.vins.slice(0, 2) },
    })
  ).id

const patch = (id: number, body: unknown, headers: Headers = context.who.leadAgent.headers) =>
  sendJson(context.service, 'PATCH', `/api/vdpEmails/${id}`, { body, headers })

/**
 * The same patch of a twin through Payload's update, then the compiled write; `first` runs before
 * each twin is made, `before` between that and the patch (a version history, a lock).
 */
const bothWays = bothWaysWith(
  compiledVdpEmailPatches,
  async (
    body: unknown,
    {
      before,
      first,
      headers = context.who.leadAgent.headers,
      query = '',
    }: {
      before?: (id: number) => Promise<unknown>
      first?: () => Promise<unknown>
      headers?: Headers
      query?: string
    } = {},
  ) => {
    await first?.()
    const id = await twin()
    await before?.(id)
    const path = `/api/vdpEmails/${id}${query}`
    // Every id of the answer SERIAL: an embedded VIN's id may be the record's.
    return restWrite(context.service, 'PATCH', path, { body, headers }, written, {
      embedded: true,
      id,
    })
  },
)

/** Fills record `id`'s history to the most versions kept, each older than the last. */
const fullHistory = async (id: number) => {
  await context.service.payload.db.pool.query(
    `INSERT INTO _vdp_emails_v (parent_id, version_title, version_lead_id, version_vin_count,
       version_updated_at, version_created_at, created_at, updated_at)
     SELECT $1, 'old', NULL, '0', t, t, t, t
       FROM generate_series(1, 99) AS n, LATERAL (SELECT now() - n * interval '1 minute' AS t) x`,
    [id],
  )
}

describe('PATCH /api/vdpEmails/{id}, compiled', () => {
  it.each([
    ['other VINs', () => ({ vins: ids.vins.slice(1, 4) })],
    ['the same VINs in another order', () => ({ vins: [ids.vins[1], ids.vins[0]] })],
    ['the same VINs', () => ({ vins: ids.vins.slice(0, 2) })],
    ['no VINs', () => ({ vins: [] })],
    ['another lead', () => ({ lead: ids.otherLead })],
    ['another lead and one VIN', () => ({ lead: ids.otherLead, vins: [ids.vins[3]] })],
  ])(
    'with %s, by a lead agent: the same answer, rows and versions as Payload',
    async (_n, body) => {
      const { compiled, payload } = await bothWays(body())
      expect(payload.status).toBe(200)
      expect(compiled).toEqual({ ...payload, served: 1 })
    },
  )

  it('by an admin key, and with the history full (the oldest version goes): as Payload', async () => {
    const body = { vins: [ids.vins[2]] }
    const admin = await bothWays(body, { headers: context.who.clientAdmin.headers })
    expect(admin.compiled).toEqual({ ...admin.payload, served: 1 })
    const full = await bothWays(body, { before: fullHistory })
    expect(full.payload.status).toBe(200)
    expect(full.compiled).toEqual({ ...full.payload, served: 1 })
    expect(full.compiled.written).toMatchObject({ versions: { length: 100 } })
  })

  it.each([
    ['the same VINs', () => ({ vins: ids.vins.slice(0, 2) })],
    ['its own lead', () => ({ lead: ids.lead })],
    ['other VINs', () => ({ vins: ids.vins.slice(2, 4) })],
  ])(
    "with %s after the lead was renamed: the title Payload's update leaves",
    async (_name, body) => {
      const db = context.service.payload.db.pool
      const name = async (first: string) =>
        db.query('UPDATE lead SET first_name = $2 WHERE id = $1', [ids.lead, first])
      const { rows } = await db.query('SELECT first_name FROM lead WHERE id = $1', [ids.lead])
      try {
        const { compiled, payload } = await bothWays(body(), {
          before: () => name('Renamed'),
          first: () => name(rows[0].first_name),
        })
        expect(payload.status).toBe(200)
        expect(compiled).toEqual({ ...payload, served: 1 })
      } finally {
        await name(rows[0].first_name)
      }
    },
  )

  it('sends five statements where Payload sends 17 or more', async () => {
    const id = await twin()
    let n = 0
    const kinds = await kindsBothWays(compiledVdpEmailPatches, counted, () =>
      patch(id, { vins: ids.vins.slice(n++ % 2, 3) }),
    )
    // Payload's: the record, its locks (checked, then looked for to release), the relations, the
    // lead again for the title, every column and VIN row, the row and the version read back, the
    // answer's reads and the trim: 17 or 18 (the endpoints' lookup when not cached).
    expect(kinds.false.length).toBeGreaterThanOrEqual(17)
    expect(kinds.true).toEqual([
      'begin',
      'select vdp_emails',
      'batch: delete vdp_emails_rels, insert vdp_emails_rels, insert _vdp_emails_v, insert _vdp_emails_v_rels, delete _vdp_emails_v',
      // The answer at depth 2, one compiled read (named by its first table).
      'select lead_events',
      'commit',
    ])
  })

  it.each([
    ['a VIN that does not exist', () => ({ vins: [ids.vins[0], 999_999] })],
    ['a VIN named twice', () => ({ vins: [ids.vins[0], ids.vins[0]] })],
    ['VINs that are not a list', () => ({ vins: ids.vins[0] })],
    ['a lead that does not exist', () => ({ lead: 999_999 })],
    ['a lead in the trash', () => ({ lead: ids.trashedLead })],
    ['a lead as text', () => ({ lead: String(ids.otherLead) })],
    ['no lead', () => ({ lead: null })],
    ['a lead id past the column', () => ({ lead: 2 ** 40 })],
    ['a title of its own', () => ({ title: 'Mine', vins: ids.vins })],
    ['a VIN count of its own', () => ({ vinCount: '9', vins: ids.vins })],
    ['a creator of its own', () => ({ createdBy: Number(context.who.staff.id) })],
    ['nothing', () => ({})],
    ['a prototype key', () => JSON.parse(`{"vins":[${ids.vins[0]}],"__proto__":{"lead":1}}`)],
  ])('leaves %s to Payload, with its answer', async (_name, body) => {
    const db = context.service.payload.db.pool
    await db.query('UPDATE lead SET deleted_at = now() WHERE id = $1', [ids.trashedLead])
    try {
      const { compiled, payload } = await bothWays(body())
      expect(compiled).toEqual({ ...payload, served: 0 })
    } finally {
      await db.query('UPDATE lead SET deleted_at = NULL WHERE id = $1', [ids.trashedLead])
    }
  })

  it('leaves staff, an integrator (403), a query string, a record in the trash, one without a lead or with its lead in the trash, and an expired lock to Payload', async () => {
    const { payload: local } = context.service
    const body = { vins: [ids.vins[3]] }
    const sql = (text: string) => (id: number) => local.db.pool.query(text, [id, ids.trashedLead])
    const expiredLock = async (id: number) => {
      const lock = await local.create({
        collection: 'payload-locked-documents',
        data: {
          document: { relationTo: 'vdpEmails', value: id },
          user: { relationTo: 'users', value: Number(context.who.staff.id) },
        },
      })
      // Ten minutes old: past the lock's 300 s, so Payload's update releases it.
      await local.db.pool.query(
        `UPDATE payload_locked_documents SET updated_at = now() - interval '10 minutes' WHERE id = $1`,
        [lock.id],
      )
    }
    await local.db.pool.query('UPDATE lead SET deleted_at = now() WHERE id = $1', [ids.trashedLead])
    try {
      for (const options of [
        { headers: context.who.staff.headers },
        { headers: context.who.staffAdmin.headers },
        { headers: context.who.integrator.headers },
        { query: '?depth=0' },
        { before: sql('UPDATE vdp_emails SET deleted_at = now() WHERE id = $1 AND $2 > 0') },
        { before: sql('UPDATE vdp_emails SET lead_id = NULL WHERE id = $1 AND $2 > 0') },
        { before: sql('UPDATE vdp_emails SET lead_id = $2 WHERE id = $1') },
        { before: expiredLock },
      ]) {
        const { compiled, payload } = await bothWays(body, options)
        expect(compiled.served).toBe(0)
        expect(compiled.status).toBe(payload.status)
        expect(compiled.keys).toEqual(payload.keys)
        expect(compiled.written).toEqual(payload.written)
      }
    } finally {
      await local.db.pool.query('UPDATE lead SET deleted_at = NULL WHERE id = $1', [
        ids.trashedLead,
      ])
    }
  })

  it('a record another write changes while the patch waits for its lock goes to Payload, and stays whole', async () => {
    const id = await twin()
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await other.connect()
    try {
      // Another writer holds the row: three VINs, their count and a time of its own.
      await other.query('BEGIN')
      await other.query(
        `UPDATE vdp_emails SET vin_count = '3', updated_at = now() + interval '1 second' WHERE id = $1`,
        [id],
      )
      await other.query(`DELETE FROM vdp_emails_rels WHERE parent_id = $1`, [id])
      await other.query(
        `INSERT INTO vdp_emails_rels ("order", parent_id, path, vin_id)
         SELECT n, $1, 'vins', v FROM unnest($2::int[]) WITH ORDINALITY AS t(v, n)`,
        [id, ids.vins.slice(0, 3)],
      )
      const served = compiledVdpEmailPatches.served
      const waiting = patch(id, { lead: ids.otherLead })
      // Until the patch waits on this writer's row lock (which proves it reached its SELECT).
      const { rows: mine } = await other.query('SELECT pg_backend_pid() AS pid')
      for (let tries = 0; ; tries++) {
        const { rows: blocked } = await context.service.payload.db.pool.query(
          'SELECT 1 FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))',
          [mine[0].pid],
        )
        if (blocked.length) break
        if (tries > 200) throw new Error('the patch never waited on the row lock')
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
      await other.query('COMMIT')
      const response = await waiting
      expect(response.status).toBe(200)
      expect(compiledVdpEmailPatches.served).toBe(served)
      expect(response.body.doc.vinCount).toBe('3')
      expect(response.body.doc.vins).toHaveLength(3)
      const { rows } = await other.query(
        `SELECT vin_count, (SELECT count(*)::int FROM vdp_emails_rels WHERE parent_id = $1) AS rels
           FROM vdp_emails WHERE id = $1`,
        [id],
      )
      expect(rows[0]).toEqual({ rels: 3, vin_count: '3' })
    } finally {
      await other.end()
    }
  })

  it('a record nobody has is 404, as Payload answers it', async () => {
    const served = compiledVdpEmailPatches.served
    const response = await patch(999_999, { vins: [] })
    expect(response.status).toBe(404)
    expect(compiledVdpEmailPatches.served).toBe(served)
  })

  it("a lock a staff user holds refuses it (423) through Payload's update, and nothing changes", async () => {
    const { payload } = context.service
    const id = await twin()
    await payload.create({
      collection: 'payload-locked-documents',
      data: {
        document: { relationTo: 'vdpEmails', value: id },
        user: { relationTo: 'users', value: Number(context.who.staff.id) },
      },
    })
    const before = await written(id)
    const served = compiledVdpEmailPatches.served
    expect((await patch(id, { vins: [] })).status).toBe(423)
    expect(compiledVdpEmailPatches.served).toBe(served)
    expect(await written(id)).toEqual(before)
  })

  it('with an endpoint subscribed to the updates, Payload writes it and its delivery', async () => {
    const { payload } = context.service
    await withSubscribedEndpoint(payload, ['vdp_email.updated'], async () => {
      const id = await twin()
      const served = compiledVdpEmailPatches.served
      expect((await patch(id, { vins: [ids.vins[2]] })).status).toBe(200)
      expect(compiledVdpEmailPatches.served).toBe(served)
      const { rows } = await payload.db.pool.query(
        `SELECT count(*)::int AS n FROM webhook_deliveries
          WHERE event = 'vdp_email.updated' AND record_key = $1`,
        [`vdpEmails:${id}`],
      )
      expect(rows[0].n).toBe(1)
    })
  })

  it("with PostgreSQL's backend killed in the middle of the compiled write: Payload's update writes it, once", async () => {
    const db = context.service.payload.db.pool
    const id = await twin()
    // The backend ends itself on the version's VIN rows, in the middle of the write's one statement
    // and inside its transaction, which dies with it: COMMIT was never sent, so nothing of it was
    // written and Payload's update may write it (an error report, written without a transaction,
    // answers 503 instead: test/int/errorCreate.test.ts).
    const refusal = await refuseWrite(db, '_vdp_emails_v_rels', { how: 'terminate' })
    try {
      const served = compiledVdpEmailPatches.served
      const response = await patch(id, { vins: ids.vins.slice(1, 4) })
      expect(response.status).toBe(200)
      expect(response.body.doc.vinCount).toBe('3')
      expect(compiledVdpEmailPatches.served).toBe(served)
      const { rows } = await db.query(
        `SELECT (SELECT count(*)::int FROM _vdp_emails_v WHERE parent_id = $1) AS versions,
                ARRAY(SELECT vin_id FROM vdp_emails_rels WHERE parent_id = $1 ORDER BY "order")
                  AS vins`,
        [id],
      )
      expect(rows[0]).toEqual({ versions: 2, vins: ids.vins.slice(1, 4) })
      // The trigger counts rows: the killed attempt's first, then the three Payload wrote.
      expect(await refusal.attempts()).toBe(4)
    } finally {
      await refusal.drop()
    }
    // And the next patch is the compiled write's again, on a connection of its own.
    const served = compiledVdpEmailPatches.served
    expect((await patch(id, { vins: [] })).status).toBe(200)
    expect(compiledVdpEmailPatches.served).toBe(served + 1)
  })

  it('answers as Payload does when the database refuses the compiled write, and writes once', async () => {
    const db = context.service.payload.db.pool
    const id = await twin()
    // On the version's VIN rows: in the middle of the write's statement, inside its transaction.
    const refusal = await refuseWrite(db, '_vdp_emails_v_rels')
    try {
      const served = compiledVdpEmailPatches.served
      const response = await patch(id, { vins: [ids.vins[3]] })
      expect(response.status).toBe(200)
      expect(response.body.doc.vinCount).toBe('1')
      expect(compiledVdpEmailPatches.served).toBe(served)
      const { rows } = await db.query(
        `SELECT (SELECT count(*)::int FROM _vdp_emails_v WHERE parent_id = $1) AS versions,
                ARRAY(SELECT vin_id FROM vdp_emails_rels WHERE parent_id = $1) AS vins`,
        [id],
      )
      expect(rows[0]).toEqual({ versions: 2, vins: [ids.vins[3]] })
      // The compiled write, refused and rolled back; then Payload's update.
      expect(await refusal.attempts()).toBe(2)
    } finally {
      await refusal.drop()
    }
  })
})

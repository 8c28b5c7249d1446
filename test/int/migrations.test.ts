import { describe, expect, it } from '@jest/globals'
import { createLocalReq } from 'payload'

import { pendingSchemaChanges } from '@/db/pendingSchemaChanges'
import * as dropRowCounts from '@/migrations/20261130_190000_drop_row_counts'
import * as windowCounts from '@/migrations/20261202_090000_window_count_indexes'

import { useTestService } from '../helpers/service'

const context = useTestService()

const rows = async (statement: string) =>
  (await context.service.payload.db.pool.query<Record<string, unknown>>(statement)).rows

describe('migrations', () => {
  it('every collection change has a committed migration', async () => {
    expect(await pendingSchemaChanges(context.service.payload)).toEqual([])
  })

  it('a fresh database is brought to the current schema by the migrations alone', async () => {
    const tables = await rows(
      `select table_name from information_schema.tables where table_schema = 'public' order by 1`,
    )
    const names = tables.map((row) => row.table_name)
    expect(names).toEqual(expect.arrayContaining(['users', 'api_clients', 'payload_migrations']))
  })

  it('keeps the storage settings and the index the admin pages rely on at scale', async () => {
    // Parallel plans walked these tables newest first for a dealer's ten rows (docs/performance.md).
    expect(
      await rows(
        `select relname, reloptions from pg_class where relname in ('consumer', 'credit_app') order by 1`,
      ),
    ).toEqual([
      { relname: 'consumer', reloptions: ['parallel_workers=0'] },
      { relname: 'credit_app', reloptions: ['parallel_workers=0'] },
    ])
    const [unassigned] = await rows(
      `select indexdef from pg_indexes where indexname = 'lead_unassigned_idx'`,
    )
    expect(unassigned.indexdef).toMatch(
      /assignee_id IS NULL.*merged_into_id IS NULL.*deleted_at IS NULL/,
    )
  })

  // What the covered columns save is measured at scale (docs/performance.md): an empty test table is read whole whatever its indexes.
  it("rebuilds Payload's createdAt indexes with the columns the dashboard's windows filter on, once, and its down gives the plain ones back", async () => {
    const { payload } = context.service
    const args = { db: payload.db.drizzle, payload, req: await createLocalReq({}, payload) }
    const definitions = async () =>
      (
        await rows(
          `select indexdef from pg_indexes where indexname in ('deal_created_at_idx', 'lead_created_at_idx', 'lead_events_created_at_idx') order by indexname`,
        )
      ).map((row) => String(row.indexdef).replace(/^.* ON public\./, ''))
    const covered = [
      'deal USING btree (created_at) INCLUDE (deleted_at, current_bid_price)',
      'lead USING btree (created_at) INCLUDE (deleted_at)',
      'lead_events USING btree (created_at) INCLUDE (deleted_at, status)',
    ]
    expect(await definitions()).toEqual(covered)
    await windowCounts.down(args)
    expect(await definitions()).toEqual([
      'deal USING btree (created_at)',
      'lead USING btree (created_at)',
      'lead_events USING btree (created_at)',
    ])
    await windowCounts.up(args)
    // An index already covered (built by hand beforehand) is left as it is: not built again.
    const oid = `select 'lead_events_created_at_idx'::regclass::oid as oid`
    const [built] = await rows(oid)
    await windowCounts.up(args)
    expect(await rows(oid)).toEqual([built])
    expect(await definitions()).toEqual(covered)
    // One left invalid (a CONCURRENTLY build that failed) is built again, over a stray name.
    await rows(`update pg_index set indisvalid = false where indexrelid = ${String(built.oid)}`)
    await rows('create index lead_events_created_at_idx_new on lead_events (id)')
    await windowCounts.up(args)
    expect(await rows(oid)).not.toEqual([built])
    expect(await definitions()).toEqual(covered)
    expect(
      await rows(
        `select indisvalid as valid from pg_index where indexrelid = 'lead_events_created_at_idx'::regclass`,
      ),
    ).toEqual([{ valid: true }])
  })

  it('drops the single-row counters, and its down puts them back counting', async () => {
    const { payload } = context.service
    const args = { db: payload.db.drizzle, payload, req: await createLocalReq({}, payload) }
    const counter = `select row_count::int as n from row_counts where table_name = 'web_event'`
    expect(await rows(`select to_regclass('row_counts') as t`)).toEqual([{ t: null }])
    await payload.create({ collection: 'web-event', data: { name: 'before the down' } })

    await dropRowCounts.down(args)
    expect(await rows(counter)).toEqual([{ n: 1 }])
    await payload.create({ collection: 'web-event', data: { name: 'after the down' } })
    expect(await rows(counter)).toEqual([{ n: 2 }])

    await dropRowCounts.up(args)
    expect(await rows(`select to_regclass('row_counts') as t`)).toEqual([{ t: null }])
    await payload.create({ collection: 'web-event', data: { name: 'after the up' } })
    const [live] = await rows(
      `select sum(row_count)::int as n from live_row_counts where table_name = 'web_event'`,
    )
    expect(live).toEqual({ n: 3 })
  })
})

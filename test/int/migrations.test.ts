import { describe, expect, it } from '@jest/globals'

import { pendingSchemaChanges } from '@/db/pendingSchemaChanges'

import { useTestService } from '../helpers/service'

const context = useTestService()

describe('migrations', () => {
  it('every collection change has a committed migration', async () => {
    expect(await pendingSchemaChanges(context.service.payload)).toEqual([])
  })

  it('a fresh database is brought to the current schema by the migrations alone', async () => {
    const tables = await context.service.payload.db.drizzle.execute(
      `select table_name from information_schema.tables where table_schema = 'public' order by 1`,
    )
    const names = (tables as unknown as { rows: { table_name: string }[] }).rows.map(
      (row) => row.table_name,
    )
    expect(names).toEqual(expect.arrayContaining(['users', 'api_clients', 'payload_migrations']))
  })

  it('keeps the storage settings and the index the admin pages rely on at scale', async () => {
    const rows = async (statement: string) =>
      (
        (await context.service.payload.db.drizzle.execute(statement)) as unknown as {
          rows: Record<string, unknown>[]
        }
      ).rows
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
})

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
})

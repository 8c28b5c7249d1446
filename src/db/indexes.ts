import type { postgresAdapter } from '@payloadcms/db-postgres'
import { index } from '@payloadcms/db-postgres/drizzle/pg-core'

type PostgresSchemaHook = NonNullable<
  Parameters<typeof postgresAdapter>[0]['afterSchemaInit']
>[number]

/**
 * Indexes Payload's schema builder leaves out, added to its drizzle schema (so migrations are
 * generated from it and `migrate:check` sees them):
 * - `*_texts.parent_id`: Payload reads a record's text lists by `parent_id`, but indexes them on
 *   `(order, parent_id)`, which such a read cannot use: every audited write scanned the whole
 *   `audit_log_texts` table.
 * - `api_clients.api_key_index`: every keyed request looks its client up by it.
 */
export const extraIndexes: PostgresSchemaHook = ({ extendTable, schema }) => {
  for (const [name, table] of Object.entries(schema.tables)) {
    if (!name.endsWith('_texts')) continue
    extendTable({
      extraConfig: (columns) => ({ parentIdx: index(`${name}_parent_idx`).on(columns.parent) }),
      table,
    })
  }
  extendTable({
    extraConfig: (columns) => ({
      apiKeyIndexIdx: index('api_clients_api_key_index_idx').on(columns.apiKeyIndex),
    }),
    table: schema.tables.api_clients,
  })
  return schema
}

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
 * - A trigram index on `company.name`: `where[name][like]` is `ILIKE '%…%'`, which no B-tree
 *   serves, so every search and its count scanned all companies (needs `pg_trgm`, see
 *   `TRIGRAM_EXTENSION`).
 * - A GIN index on `lead.match_phones`: a new lead's duplicates are looked up by any of its
 *   phones in that hidden JSON list (`?|`, src/leadDesk/duplicates.ts).
 */
/** Created by Payload before migrations run (the adapter's `extensions`); trusted since PostgreSQL 13. */
export const TRIGRAM_EXTENSION = 'pg_trgm'

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
      nameTrigramIdx: index('company_name_trgm_idx').using('gin', columns.name.op('gin_trgm_ops')),
    }),
    table: schema.tables.company,
  })
  extendTable({
    extraConfig: (columns) => ({
      matchPhonesIdx: index('lead_match_phones_idx').using('gin', columns.matchPhones),
    }),
    table: schema.tables.lead,
  })
  extendTable({
    extraConfig: (columns) => ({
      apiKeyIndexIdx: index('api_clients_api_key_index_idx').on(columns.apiKeyIndex),
    }),
    table: schema.tables.api_clients,
  })
  return schema
}

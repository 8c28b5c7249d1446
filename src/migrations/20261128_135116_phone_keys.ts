import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

import { parsePhoneNumberFromString } from 'libphonenumber-js'

/**
 * The phone keys as src/lib/normalise.ts worked them out when this migration was written, kept
 * here so that the migration gives every database the same keys whatever that file becomes (a
 * change of the normalisation needs a migration of its own).
 */
const phoneKeysOf = (values: unknown[]): null | string => {
  const keys = new Set<string>()
  for (const value of values) {
    if (typeof value !== 'string' || !value.trim()) continue
    const phone = parsePhoneNumberFromString(value, 'US')
    if (phone?.isPossible()) keys.add(phone.number)
  }
  return keys.size ? [...keys].sort().join(' ') : null
}

/** Rows read and written at a time. */
const BATCH = 2_000

// Written by hand: the phone keys of the records already stored, worked out as the field's hook
// (src/fields/phoneSearch.ts) does on save, so they are found by phone number too. Each table's
// phone columns, read `BATCH` rows at a time in id order; a consumer's `phoneNumbers` list too.
const SOURCES: { id: 'integer' | 'varchar'; phones: string; table: string }[] = [
  {
    phones: `array[t.phone_number] || coalesce((SELECT array_agg(x.text ORDER BY x."order")
               FROM consumer_texts x WHERE x.parent_id = t.id AND x.path = 'phoneNumbers'), '{}')`,
    id: 'varchar',
    table: 'consumer',
  },
  { id: 'integer', phones: 'array[t.phone_number]', table: 'lead' },
  { id: 'varchar', phones: 'array[t.primary_phone_number, t.phone_number]', table: 'contact' },
  {
    id: 'varchar',
    phones: 'array[t.phone_number, t.co_applicant_phone_number]',
    table: 'credit_app',
  },
]

type Stored = { id: number | string; phones: (null | string)[] }

export const backfillPhoneKeys = async (db: MigrateUpArgs['db']) => {
  for (const { id, phones, table } of SOURCES) {
    let after: null | string = null
    for (;;) {
      const { rows }: { rows: Stored[] } = await db.execute<Stored>(sql`
        SELECT t.id, ${sql.raw(phones)} AS phones FROM ${sql.identifier(table)} t
         WHERE ${after}::text IS NULL OR t.id > ${after}::text::${sql.raw(id)}
         ORDER BY t.id LIMIT ${BATCH}::integer`)
      if (!rows.length) break
      const keys = rows.map((row) => ({ id: String(row.id), keys: phoneKeysOf(row.phones ?? []) }))
      await db.execute(sql`
        UPDATE ${sql.identifier(table)} t SET phone_keys = k.keys
          FROM jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) AS k(id text, keys text)
         WHERE t.id = k.id::${sql.raw(id)}`)
      after = String(rows[rows.length - 1].id)
    }
  }
}

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "lead" ADD COLUMN "phone_keys" varchar;
  ALTER TABLE "credit_app" ADD COLUMN "phone_keys" varchar;
  ALTER TABLE "_credit_app_v" ADD COLUMN "version_phone_keys" varchar;
  ALTER TABLE "consumer" ADD COLUMN "phone_keys" varchar;
  ALTER TABLE "_consumer_v" ADD COLUMN "version_phone_keys" varchar;
  ALTER TABLE "contact" ADD COLUMN "phone_keys" varchar;
  ALTER TABLE "_contact_v" ADD COLUMN "version_phone_keys" varchar;`)
  await backfillPhoneKeys(db)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "lead" DROP COLUMN "phone_keys";
  ALTER TABLE "credit_app" DROP COLUMN "phone_keys";
  ALTER TABLE "_credit_app_v" DROP COLUMN "version_phone_keys";
  ALTER TABLE "consumer" DROP COLUMN "phone_keys";
  ALTER TABLE "_consumer_v" DROP COLUMN "version_phone_keys";
  ALTER TABLE "contact" DROP COLUMN "phone_keys";
  ALTER TABLE "_contact_v" DROP COLUMN "version_phone_keys";`)
}

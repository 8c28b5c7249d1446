import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Written by hand (no collection): the keys of idempotent creates (src/server/idempotency.ts).
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "idempotency_keys" (
     "id" bigserial PRIMARY KEY,
     "caller" text NOT NULL,
     "key" text NOT NULL,
     "request_hash" text NOT NULL,
     "state" text NOT NULL CHECK ("state" IN ('running', 'done')),
     "status" integer,
     "headers" jsonb,
     "body" bytea,
     "committed" boolean NOT NULL DEFAULT false,
     "created_at" timestamptz NOT NULL DEFAULT now(),
     "lease_until" timestamptz NOT NULL,
     "expires_at" timestamptz NOT NULL,
     UNIQUE ("caller", "key")
   );
   CREATE INDEX "idempotency_keys_expires_at_idx" ON "idempotency_keys" ("expires_at");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE "idempotency_keys";`)
}

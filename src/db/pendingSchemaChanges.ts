import fs from 'node:fs'
import path from 'node:path'

import type { Payload } from 'payload'

/**
 * The SQL that `payload migrate:create` would put in a new migration: the difference between
 * the collections as configured and the snapshot of the newest committed migration. Empty when
 * every schema change has its migration.
 */
export const pendingSchemaChanges = async (payload: Payload): Promise<string[]> => {
  const db = payload.db
  const { generateDrizzleJson, generateMigration, upSnapshot } = db.requireDrizzleKit()
  const after = await generateDrizzleJson(db.schema)
  const latest = fs
    .readdirSync(db.migrationDir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .pop()
  let before = latest
    ? JSON.parse(fs.readFileSync(path.join(db.migrationDir, latest), 'utf8'))
    : db.defaultDrizzleSnapshot
  if (upSnapshot && before.version < after.version) before = upSnapshot(before)
  return generateMigration(before, after)
}

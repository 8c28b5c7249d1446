/**
 * Runs Payload's own CLI (`migrate:create`, `migrate:status`, `generate:types`, …) against the
 * same database the service uses: DATABASE_URL, or the embedded server started for the run.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'

import { resolveDatabase } from '@/db/resolveDatabase'
import { loadEnv } from '@/lib/loadEnv'
import { projectRoot } from '@/lib/paths'
import { resolvePayloadSecret } from '@/lib/secret'

loadEnv()
const embedded = await resolveDatabase()
resolvePayloadSecret({ local: Boolean(embedded) })
const child = spawn(
  process.execPath,
  // The production export condition: see scripts/run.mjs.
  [
    '--conditions=production',
    path.join(projectRoot, 'node_modules/payload/bin.js'),
    ...process.argv.slice(2),
  ],
  {
    cwd: projectRoot,
    env: { ...process.env, PAYLOAD_CONFIG_PATH: path.join(projectRoot, 'payload.config.ts') },
    stdio: 'inherit',
  },
)
const code: number = await new Promise((resolve) =>
  child.on('exit', (status) => resolve(status ?? 1)),
)
if (embedded?.owned) await embedded.stop()
process.exit(code)

import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import { z } from 'zod'

import { isRecord } from './isRecord'
import { dataDir } from './paths'

const secretsSchema = z.record(z.string(), z.string())
type Secrets = z.infer<typeof secretsSchema>

const secretsFile = (): string => path.join(dataDir(), 'secrets.json')

const read = (): Secrets => {
  try {
    return secretsSchema.parse(JSON.parse(fs.readFileSync(secretsFile(), 'utf8')))
  } catch (error) {
    // Read by its field: under jest's VM a core module's error is no instance of this realm's Error.
    if (isRecord(error) && error.code === 'ENOENT') return {}
    throw new Error(`${secretsFile()} is not valid JSON; fix or remove it`)
  }
}

/**
 * A secret generated once for this checkout and kept in the git-ignored data folder, readable by
 * its owner only. Used only when the matching environment variable is not set (local mode).
 */
export const localSecret = (name: string): string => {
  const secrets = read()
  if (secrets[name]) return secrets[name]
  secrets[name] = crypto.randomBytes(32).toString('hex')
  fs.mkdirSync(dataDir(), { recursive: true })
  const tmp = `${secretsFile()}.${process.pid}.tmp`
  fs.writeFileSync(tmp, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 })
  fs.renameSync(tmp, secretsFile())
  return secrets[name]
}

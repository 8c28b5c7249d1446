import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import type { Payload } from 'payload'

import { dataDir } from '../lib/paths'

export const LOCAL_ADMIN_EMAIL = 'admin@example.com'

const loginFile = (): string => path.join(dataDir(), 'admin-login.txt')

/**
 * In local mode an empty database gets an admin account, so the admin UI can be used right away.
 * Its password is random, printed once and kept in DATA_DIR/admin-login.txt (owner-only).
 * Returns what to tell the person who started the service.
 */
export const ensureLocalAdmin = async (payload: Payload, url: string): Promise<string> => {
  const { totalDocs } = await payload.count({ collection: 'users' })
  if (totalDocs > 0) {
    const hint = fs.existsSync(loginFile()) ? ` (first-start login in ${loginFile()})` : ''
    return `Admin UI: ${url}/admin${hint}`
  }
  const password = crypto.randomBytes(12).toString('base64url')
  await payload.create({
    collection: 'users',
    data: { email: LOCAL_ADMIN_EMAIL, name: 'Local admin', password, role: 'admin' },
  })
  fs.mkdirSync(dataDir(), { recursive: true })
  fs.writeFileSync(loginFile(), `email: ${LOCAL_ADMIN_EMAIL}\npassword: ${password}\n`, {
    mode: 0o600,
  })
  return [
    `Admin UI: ${url}/admin`,
    `Created an admin account. Log in with`,
    `  email:    ${LOCAL_ADMIN_EMAIL}`,
    `  password: ${password}`,
    `(also saved in ${loginFile()}; change it under Users once logged in)`,
  ].join('\n')
}

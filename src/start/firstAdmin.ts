import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import type { Payload } from 'payload'

import { dataDir } from '@/lib/paths'

export const LOCAL_ADMIN_EMAIL = 'admin@example.com'

const loginFile = (): string => path.join(dataDir(), 'admin-login.txt')

type FirstLogin = { created: boolean; email: string; file: string; password?: string }

/**
 * In local mode an empty database gets an admin account, so the admin UI can be used right away.
 * Its password is random, kept in DATA_DIR/admin-login.txt (owner-only) and shown once by
 * `loginBanner`.
 */
export const ensureLocalAdmin = async (payload: Payload): Promise<FirstLogin> => {
  const file = loginFile()
  const { totalDocs } = await payload.count({ collection: 'users' })
  if (totalDocs > 0) return { created: false, email: LOCAL_ADMIN_EMAIL, file }
  const password = crypto.randomBytes(12).toString('base64url')
  await payload.create({
    collection: 'users',
    data: { email: LOCAL_ADMIN_EMAIL, name: 'Local admin', password, role: 'admin' },
  })
  fs.mkdirSync(dataDir(), { recursive: true })
  fs.writeFileSync(file, `email: ${LOCAL_ADMIN_EMAIL}\npassword: ${password}\n`, { mode: 0o600 })
  return { created: true, email: LOCAL_ADMIN_EMAIL, file, password }
}

const RULE = '─'.repeat(72)

const ADMIN_UI_NOTE = {
  building: ['           (being built beside the API; the page says so until it is ready)'],
  off: ['           (not served by this process: ADMIN_UI=off)'],
  on: [],
}

/** Where the demo accounts' passwords and API keys are, when the demo data is loaded. */
const demoLines = (file: string | undefined): string[] =>
  file && fs.existsSync(file) ? [`Demo accounts and API keys: ${file}`] : []

/**
 * What the person who started the service needs first, as plain lines framed apart from the JSON
 * log: the admin UI's address (and whether it is there yet), on the first start the new admin's
 * login, and where the demo accounts and API keys are kept.
 */
export const loginBanner = (
  url: string,
  login: FirstLogin | null,
  adminUi: keyof typeof ADMIN_UI_NOTE = 'on',
  demoCredentials?: string,
): string => {
  const lines = !login?.created
    ? [
        `Admin UI:  ${url}/admin`,
        ...ADMIN_UI_NOTE[adminUi],
        ...(login && fs.existsSync(login.file) ? [`First-start login kept in ${login.file}`] : []),
        ...demoLines(demoCredentials),
      ]
    : [
        'First start: an admin account was created. Sign in with',
        `  email:     ${login.email}`,
        `  password:  ${login.password}`,
        `Admin UI:  ${url}/admin`,
        ...ADMIN_UI_NOTE[adminUi],
        `Also kept in ${login.file} (readable by you only). The first sign-in`,
        'sets up two-factor sign-in with an authenticator app; change the password under Users.',
        ...demoLines(demoCredentials),
      ]
  return `\n${RULE}\n${lines.map((line) => `  ${line}`).join('\n')}\n${RULE}\n\n`
}

/**
 * Where the start's last line sends a person for the API: its interactive docs (`/api` itself
 * answers a JSON index of links, for programs rather than people).
 */
export const API_DOCS_PATH = '/api/docs'

/** The start's last line, printed once the demo data and jobs are ready too. */
export const apiBanner = (url: string): string => `\nAPI:      ${url}${API_DOCS_PATH}\n\n`

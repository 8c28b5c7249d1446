/**
 * A service with its admin UI, as staff meet it: `npm start` on a fresh data folder (embedded
 * PostgreSQL, the first admin, the demo data), the admin UI's build made current first, and
 * Chromium pages signed in as the admin or the demo staff user. One per browser test file.
 */
import fs from 'node:fs'
import path from 'node:path'

import type { Browser, Page } from 'playwright-core'

import { projectRoot } from '@/lib/paths'

import { adminBuilt } from './adminBuild'
import { launchBrowser } from './browser'
import { copyPreparedDataDir, preparedDataDir } from './preparedDataDir'
import { signInPageOverRest } from './restSignIn'
import { type ServiceProcess, startServiceProcess } from './serviceProcess'

/** Time for the admin UI's build (when the sources changed) and a first start. */
export const ADMIN_SERVICE_MS = 15 * 60_000

/** Time for one browser step of a test: a page or two of the admin UI on a busy machine. */
export const STEP_MS = 120_000

/** How long a locator waits for what a page shows. */
export const WAIT = { timeout: 30_000 }

export const DEMO_STAFF = 'sam.rivera@example.com'

export type AdminService = {
  /** The first admin's e-mail and password, as the start printed them. */
  admin: { email: string; password: string }
  browser: Browser
  /** Stops the browser and the service, and removes the data folder. */
  close: () => Promise<void>
  /** GET of `/api<route>` with the page's session, as JSON. */
  api: (page: Page, route: string) => Promise<any>
  /** Passwords of the demo users, by e-mail (demo-credentials.json). */
  credentials: Record<string, string>
  dataDir: string
  /** Goes to `/admin<route>` and waits for the network to go quiet. */
  open: (page: Page, route: string) => Promise<unknown>
  /**
   * A new browser context signed in as `email` (the admin, the demo staff user, or one made),
   * over REST as the sign-in page does: the page is blank until the test opens one.
   */
  pageAs: (email: string, password?: string) => Promise<Page>
  service: ServiceProcess
  url: string
}

/**
 * `npm start` as on a fresh clone, whatever the test run's environment: embedded PostgreSQL with
 * its data in `dataDir`, secrets generated there, the request log at info.
 */
export const freshStartSettings = (dataDir: string): Record<string, string | undefined> => ({
  DATA_DIR: dataDir,
  DATABASE_URL: undefined,
  LOG_LEVEL: 'info',
  NODE_ENV: undefined,
  PAYLOAD_SECRET: undefined,
  // Many sign-ins from one address, each two requests with the second factor.
  RATE_LIMIT_AUTH: '200',
})

/**
 * Starts the service for the browser tests of one file; `name` keeps its data folder apart.
 * `env` adds settings (SMTP_URL, say). The data folder is a copy of one first start's
 * (test/helpers/preparedDataDir.ts), and one process serves HTTP where the default is one per
 * core: browser tests need no second one, and its start would take a core from the tests.
 */
export const startAdminService = async (
  name: string,
  env: Record<string, string | undefined> = {},
): Promise<AdminService> => {
  await adminBuilt()
  const dataDir = path.join(projectRoot, '.data', `e2e-${name}-${process.pid}`)
  const firstStart = { ...freshStartSettings(dataDir), WEB_CONCURRENCY: '1' }
  const prepared = await preparedDataDir(firstStart, ADMIN_SERVICE_MS)
  copyPreparedDataDir(prepared, dataDir)
  const service = await startServiceProcess({ ...firstStart, ...env })
  await service.waitFor(/"msg":"serving the admin UI"/, ADMIN_SERVICE_MS)
  await service.waitFor(/"msg":"demo data loaded"/, ADMIN_SERVICE_MS)
  const credentials = JSON.parse(
    fs.readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'),
  ) as Record<string, string>
  const browser = await launchBrowser()
  const { admin } = prepared
  return {
    admin,
    api: async (page, route) => (await page.request.get(`${service.url}/api${route}`)).json(),
    browser,
    close: async () => {
      await browser.close()
      await service.stop()
      fs.rmSync(dataDir, { force: true, recursive: true })
    },
    credentials,
    dataDir,
    open: (page, route) => page.goto(`${service.url}/admin${route}`, { waitUntil: 'networkidle' }),
    pageAs: async (who, secret) => {
      const page = await (await browser.newContext()).newPage()
      const known = who === admin.email ? admin.password : credentials[who]
      await signInPageOverRest(page, service.url, { email: who, password: secret ?? known! })
      return page
    },
    service,
    url: service.url,
  }
}

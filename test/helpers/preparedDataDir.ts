/**
 * A data folder as the first `npm start` leaves it (embedded PostgreSQL initialised and migrated,
 * the first admin, the demo data, secrets), made once per test run and copied for each browser
 * test file: a copy starts in seconds where a first start spends half a minute on `initdb`, the
 * migrations and the demo data. The first start itself stays under test in adminUi.test.ts.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

import { runFolder } from './runFolder'
import { startServiceProcess } from './serviceProcess'

export type AdminLogin = { email: string; password: string }

/** What the copies share: the folder and the first admin's login, printed only by the first start. */
type Prepared = { admin: AdminLogin; dir: string }

const POLL_MS = 250

const folders = () => {
  const root = runFolder('e2e-prepared')
  return {
    dir: path.join(root, 'data'),
    failed: path.join(root, 'failed.txt'),
    lock: path.join(root, 'lock'),
    login: path.join(root, 'admin.json'),
    root,
  }
}

/** The first start, stopped cleanly (the embedded PostgreSQL shut down) once the demo data is in. */
const prepare = async (
  settings: Record<string, string | undefined>,
  timeoutMs: number,
): Promise<void> => {
  const { dir, login } = folders()
  const building = `${dir}.partial`
  fs.rmSync(building, { force: true, recursive: true })
  const service = await startServiceProcess({ ...settings, DATA_DIR: building })
  const started = (async () => {
    const [, email, password] = await service.waitFor(
      /email:\s+(\S+)\s+password:\s+(\S+)/,
      timeoutMs,
    )
    await service.waitFor(/"msg":"demo data loaded"/, timeoutMs)
    fs.writeFileSync(login, JSON.stringify({ email, password }))
  })()
  // Stopped either way; a failed start is the error to report, else a stop that failed.
  const failure = await started.then(
    () => null,
    (error: Error) => error,
  )
  const code = await service.stop()
  if (failure) throw failure
  if (code !== 0)
    throw new Error(`the first start stopped with ${code}:\n${service.output().slice(-3000)}`)
  fs.renameSync(building, dir)
}

/**
 * The prepared folder, made by whichever test process asks first (the others wait for it).
 * `settings` are those of a first start; a failure is kept so every file reports it at once.
 */
export const preparedDataDir = async (
  settings: Record<string, string | undefined>,
  timeoutMs: number,
): Promise<Prepared> => {
  const { dir, failed, lock, login, root } = folders()
  fs.mkdirSync(root, { recursive: true })
  let owner = false
  try {
    fs.mkdirSync(lock)
    owner = true
  } catch {
    // Another process is preparing it.
  }
  if (owner) {
    await prepare(settings, timeoutMs).catch((error: Error) => {
      fs.writeFileSync(failed, error.stack ?? error.message)
      throw error
    })
  }
  for (const started = Date.now(); !fs.existsSync(dir); await sleep(POLL_MS)) {
    if (fs.existsSync(failed))
      throw new Error(`preparing the data folder failed:\n${fs.readFileSync(failed, 'utf8')}`)
    if (Date.now() - started > timeoutMs) throw new Error(`no prepared data folder in ${root}`)
  }
  return { admin: JSON.parse(fs.readFileSync(login, 'utf8')) as AdminLogin, dir }
}

/**
 * A copy of the prepared folder at `target` (replacing what was there). `cp -a`, since PostgreSQL
 * refuses a data folder whose mode is not its owner's alone, and `fs.cpSync` makes folders 0755.
 */
export const copyPreparedDataDir = (prepared: Prepared, target: string): void => {
  fs.rmSync(target, { force: true, recursive: true })
  execFileSync('cp', ['-a', prepared.dir, target])
}

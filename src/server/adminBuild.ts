/**
 * Builds the admin UI (`next build`) when `.next` is missing or was built from other sources.
 * `npm start` calls it before serving; `npm run build` forces a build.
 */
import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import { logger } from '../lib/logger'
import { projectRoot } from '../lib/paths'

/** What the Next build is made of; a change to any of these makes the build stale. */
const INPUTS = [
  'package-lock.json',
  'next.config.ts',
  'payload.config.ts',
  'tsconfig.json',
  'collections',
  'access',
  'hooks',
  'src',
]
const SKIP = new Set(['node_modules', '.next', '.data', 'migrations', 'cli', 'seed'])
const stampFile = () => path.join(projectRoot, '.next', 'commerce-source-hash')

const files = (entry: string): string[] => {
  const full = path.join(projectRoot, entry)
  if (!fs.existsSync(full)) return []
  if (!fs.statSync(full).isDirectory()) return [entry]
  return fs
    .readdirSync(full, { withFileTypes: true })
    .filter((item) => !SKIP.has(item.name))
    .flatMap((item) => files(path.join(entry, item.name)))
}

export const sourceHash = (): string => {
  const hash = crypto.createHash('sha256')
  for (const file of INPUTS.flatMap(files).sort()) {
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(projectRoot, file)))
      .update('\0')
  }
  return hash.digest('hex')
}

export const buildIsCurrent = (): boolean => {
  try {
    return (
      fs.readFileSync(stampFile(), 'utf8') === sourceHash() &&
      fs.existsSync(path.join(projectRoot, '.next', 'BUILD_ID'))
    )
  } catch {
    return false
  }
}

export const ensureBuild = async ({ force = false } = {}): Promise<void> => {
  if (!force && buildIsCurrent()) return
  const hash = sourceHash()
  logger.info('building the admin UI (next build); this takes a few minutes the first time')
  const started = Date.now()
  const child = spawn(
    process.execPath,
    [path.join(projectRoot, 'node_modules/next/dist/bin/next'), 'build'],
    {
      cwd: projectRoot,
      env: {
        ...process.env,
        NEXT_TELEMETRY_DISABLED: '1',
        NODE_ENV: 'production',
        NODE_OPTIONS: '--no-deprecation',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  )
  const code: number = await new Promise((resolve) =>
    child.on('exit', (status) => resolve(status ?? 1)),
  )
  if (code !== 0) throw new Error(`next build failed with exit code ${code}`)
  fs.writeFileSync(stampFile(), hash)
  logger.info({ ms: Date.now() - started }, 'admin UI built')
}

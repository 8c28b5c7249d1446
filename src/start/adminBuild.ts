/**
 * Builds the admin UI (`next build`) when `.next` is missing or was built from other sources.
 * `npm start` calls it before serving; `npm run build` forces a build.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import { logger } from '@/lib/logger'
import { projectRoot } from '@/lib/paths'

import { hashSources } from '../../scripts/compile.mjs'

/** What the Next build is made of; a change to any of these makes the build stale. */
const INPUTS = [
  'package.json',
  'package-lock.json',
  'next.config.ts',
  'payload.config.ts',
  'tsconfig.json',
  'collections',
  'access',
  'hooks',
  'globals',
  'src',
]
const SKIP = new Set(['node_modules', '.next', '.data', 'migrations', 'cli', 'seed'])
const stampFile = () => path.join(projectRoot, '.next', 'commerce-source-hash')

export const sourceHash = (): string => hashSources(INPUTS, { skip: SKIP })

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

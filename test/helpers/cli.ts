import { spawn } from 'node:child_process'
import path from 'node:path'

import { projectRoot } from '@/lib/paths'

export type CliResult = { code: number; stderr: string; stdout: string }

/**
 * The arguments of `node` that run a command of the service (`start`, `worker`, `create-api-key`,
 * …) as its npm script does: compiled, with the `production` export condition (scripts/run.mjs).
 */
export const commandArgv = (command: string, args: string[] = []): string[] => [
  '--conditions=production',
  path.join(projectRoot, 'scripts/run.mjs'),
  command,
  ...args,
]

/**
 * A child process's environment: this one's with `env` over it, without jest's NODE_OPTIONS, and
 * without JEST_WORKER_ID, so the child picks ports across the whole span and not in its worker's
 * slice (src/lib/freePort.ts), where it would meet the ports its parent gives out.
 */
export const childEnv = (env: Record<string, string | undefined>): NodeJS.ProcessEnv => ({
  ...process.env,
  JEST_WORKER_ID: undefined,
  NODE_OPTIONS: '',
  ...env,
})

/** Runs a command of the service as `npm run <command>` would, with the given environment. */
export const runCli = (
  command: string,
  args: string[],
  env: Record<string, string | undefined>,
): Promise<CliResult> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, commandArgv(command, args), {
      cwd: projectRoot,
      env: childEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('error', reject)
    child.on('exit', (code) => resolve({ code: code ?? 1, stderr, stdout }))
  })

export const lastLine = (text: string): string => text.trim().split('\n').pop() ?? ''

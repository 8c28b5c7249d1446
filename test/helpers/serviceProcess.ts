import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import { freePort } from '../../src/lib/freePort'
import { projectRoot } from '../../src/lib/paths'

export type ServiceProcess = {
  child: ChildProcess
  /** Resolves with the exit code. */
  exited: Promise<number | null>
  output: () => string
  stop: (signal?: NodeJS.Signals) => Promise<number | null>
  url: string
  /** Resolves with the output once it matches `pattern`; rejects if the process exits first. */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpMatchArray>
}

/**
 * Starts the service exactly as `npm start` does (build if stale, embedded PostgreSQL when no
 * DATABASE_URL), as a child process on a free port.
 */
export const startServiceProcess = async (env: Record<string, string | undefined>): Promise<ServiceProcess> => {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'src/cli/start.ts')], {
    cwd: projectRoot,
    env: { ...process.env, NODE_OPTIONS: '', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const waitFor = (pattern: RegExp, timeoutMs = 15 * 60_000) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const match = output.match(pattern)
        if (match) {
          cleanup()
          resolve(match)
        }
      }
      const onExit = (code: number | null) => {
        cleanup()
        reject(new Error(`service exited (${code}) before printing ${pattern}:\n${output.slice(-3000)}`))
      }
      const timer = setTimeout(() => {
        cleanup()
        reject(new Error(`timed out waiting for ${pattern}:\n${output.slice(-3000)}`))
      }, timeoutMs)
      const cleanup = () => {
        clearTimeout(timer)
        child.stdout!.off('data', check)
        child.removeListener('exit', onExit)
      }
      child.stdout!.on('data', check)
      child.once('exit', onExit)
      check()
    })
  return {
    child,
    exited,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal)
      return exited
    },
    url: `http://127.0.0.1:${port}`,
    waitFor,
  }
}

/** PIDs of PostgreSQL servers whose data folder lies inside `dir`. */
export const postgresProcessesIn = (dir: string): number[] =>
  fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
        return cmd[0]?.endsWith('/postgres') && cmd.some((arg) => arg.startsWith(dir))
      } catch {
        return false
      }
    })
    .map(Number)

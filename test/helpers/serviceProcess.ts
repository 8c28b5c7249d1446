import { type ChildProcess, spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import { freePort } from '@/lib/freePort'
import { projectRoot } from '@/lib/paths'

import { childEnv, commandArgv } from './cli'

export type ScriptProcess = {
  child: ChildProcess
  /** Resolves with the exit code. */
  exited: Promise<number | null>
  /** stdout and stderr so far, interleaved. */
  output: () => string
  /** Sends `signal` and resolves with the exit code; kills the process if it has not stopped within `timeoutMs`. */
  stop: (signal?: NodeJS.Signals, timeoutMs?: number) => Promise<number | null>
  /** Resolves with the output once it matches `pattern`; rejects if the process exits first. */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpMatchArray>
}

export type ServiceProcess = ScriptProcess & { url: string }

/**
 * Runs a command of the service (`worker`, `start`) as `npm run` does, or a TypeScript file of
 * the tests (`test/fixtures/….ts`) through tsx, as a child process.
 */
export const startScriptProcess = (
  script: string,
  env: Record<string, string | undefined>,
): ScriptProcess => {
  const argv = script.endsWith('.ts')
    ? ['--conditions=production', '--import', 'tsx', path.join(projectRoot, script)]
    : commandArgv(script)
  const child = spawn(process.execPath, argv, {
    cwd: projectRoot,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const listeners = new Set<() => void>()
  const append = (chunk: Buffer) => {
    output += chunk
    for (const listener of listeners) listener()
  }
  child.stdout!.on('data', append)
  child.stderr!.on('data', append)
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
        reject(
          new Error(
            `${script} exited (${code}) before printing ${pattern}:\n${output.slice(-3000)}`,
          ),
        )
      }
      const timer = setTimeout(() => {
        cleanup()
        reject(new Error(`timed out waiting for ${pattern}:\n${output.slice(-3000)}`))
      }, timeoutMs)
      const cleanup = () => {
        clearTimeout(timer)
        listeners.delete(check)
        child.removeListener('exit', onExit)
      }
      listeners.add(check)
      child.once('exit', onExit)
      check()
    })
  return {
    child,
    exited,
    output: () => output,
    stop: async (signal = 'SIGTERM', timeoutMs = 60_000) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      // A process that does not stop is a failure to report, not a test to hang on.
      const timer = setTimeout(() => {
        process.stderr.write(
          `${script} did not stop within ${timeoutMs} ms of ${signal}; killed:\n${output.slice(-3000)}\n`,
        )
        child.kill('SIGKILL')
      }, timeoutMs)
      return exited.finally(() => clearTimeout(timer))
    },
    waitFor,
  }
}

/**
 * Starts the service exactly as `npm start` does (build if stale, embedded PostgreSQL when no
 * DATABASE_URL), as a child process on a free port.
 */
export const startServiceProcess = async (
  env: Record<string, string | undefined>,
): Promise<ServiceProcess> => {
  // A port the caller chose (to name it in SERVER_URL, say), or a free one.
  const port = env.PORT ? Number(env.PORT) : await freePort()
  return {
    ...startScriptProcess('start', { ...env, PORT: String(port) }),
    url: `http://127.0.0.1:${port}`,
  }
}

/** The service in production mode on `databaseUrl`, with secrets of its own for the test. */
export const productionSettings = (databaseUrl: string): Record<string, string> => ({
  CREDIT_DATA_KEYS: `k1:${crypto.randomBytes(32).toString('base64')}`,
  DATABASE_URL: databaseUrl,
  LOG_LEVEL: 'info',
  NODE_ENV: 'production',
  PAYLOAD_SECRET: crypto.randomBytes(32).toString('hex'),
})

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

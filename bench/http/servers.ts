import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import { freePort } from '@/lib/freePort'
import { projectRoot } from '@/lib/paths'

/** A statement a server sent to PostgreSQL, as `pg` was given it. */
export type Statement = { text: string; values: unknown[] }

/** A server process the benchmark started: its address, memory and SQL statement count. */
export type Server = {
  /** The statements the process sends while `during` runs. */
  capture: (during: () => Promise<unknown>) => Promise<Statement[]>
  /** Why the process ended, while it has not: null. */
  ended: () => null | string
  origin: string
  pid: number
  /** Resident memory now (VmRSS), in MiB. */
  rssMiB: () => number
  /** Statements sent to PostgreSQL since the process started. */
  statements: () => Promise<number>
  stop: () => Promise<void>
}

const counter = path.join(projectRoot, 'bench/http/countStatements.mjs')

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null
      ? resolve()
      : child.once('exit', () => resolve()),
  )

/**
 * Starts `node <argv>` with the statement counter preloaded, its output into `logFile`, on a free
 * port of 127.0.0.1, and waits until its /healthz answers.
 */
export const startServer = async (
  argv: string[],
  env: Record<string, string>,
  logFile: string,
): Promise<Server> => {
  const name = path.basename(argv.filter((arg) => !arg.startsWith('-')).pop() ?? 'server')
  const port = await freePort()
  const log = fs.openSync(logFile, 'a')
  // BENCH_CPU_PROFILE=<folder>: each server writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROFILE
  const profiling = profile ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(profile)] : []
  const child = spawn(process.execPath, [...profiling, '--import', counter, ...argv], {
    cwd: projectRoot,
    env: { ...process.env, NODE_OPTIONS: '', ...env, PORT: String(port) },
    stdio: ['ignore', log, log, 'ipc'],
  })
  fs.closeSync(log)
  let ended: null | string = null
  child.once('exit', (code, signal) => (ended = signal ? `stopped by ${signal}` : `exit ${code}`))
  const origin = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
    await exited(child)
    clearTimeout(timer)
  }
  for (let waited = 0; ; waited += 250) {
    if (child.exitCode !== null || waited > 10 * 60_000) {
      await stop()
      const tail = fs.readFileSync(logFile, 'utf8').slice(-3000)
      throw new Error(`${name} did not start (see ${logFile}):\n${tail}`)
    }
    const ready = await fetch(`${origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    )
    if (ready) break
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  /** One question over the IPC channel, answered by the statement counter. */
  const ask = <T>(message: string): Promise<T> =>
    new Promise((resolve, reject) => {
      if (ended) return reject(new Error(`${name} has ended (${ended})`))
      child.once('message', (answer) => resolve(answer as T))
      child.send(message)
    })
  return {
    capture: async (during) => {
      await ask('sql-capture')
      await during()
      return (await ask<{ captured: Statement[] }>('sql-captured')).captured
    },
    ended: () => ended,
    origin,
    pid: child.pid!,
    rssMiB: () => {
      const status = ended ? '' : fs.readFileSync(`/proc/${child.pid}/status`, 'utf8')
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
    },
    statements: async () => (await ask<{ statements: number }>('sql-statements')).statements,
    stop,
  }
}

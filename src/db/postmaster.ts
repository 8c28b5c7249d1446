/**
 * Facts about a PostgreSQL data folder and the processes around it, read from the folder and
 * from /proc (the service runs on Linux): which server runs on it, whether it answers, which
 * process of this project owns it.
 */
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

export type Postmaster = { pid: number; port: number }

const OWNER_FILE = 'commerce-owner.json'
const PORT_CHECK_MS = 1000

/** Polls `condition` every 50 ms until it holds (true) or `timeoutMs` passes (false). */
export const waitUntil = async (
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
): Promise<boolean> => {
  for (const deadline = Date.now() + timeoutMs; ; await sleep(50)) {
    if (await condition()) return true
    if (Date.now() > deadline) return false
  }
}

/** The pid and port PostgreSQL recorded in `postmaster.pid`, if the file is there. */
export const readPostmaster = (dir: string): null | Postmaster => {
  try {
    const [pid, , , port] = fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')
    return Number(pid) > 0 && Number(port) > 0 ? { pid: Number(pid), port: Number(port) } : null
  } catch {
    return null
  }
}

/**
 * True when `pid` is a PostgreSQL server on `dir`: its command line is a `postgres` binary given
 * that folder. A pid from a stale `postmaster.pid` may since belong to any other process (or to a
 * zombie, whose command line is empty).
 */
export const isPostmasterOf = (pid: number, dir: string): boolean => {
  try {
    const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
    return args[0].endsWith('/postgres') && args.includes(dir)
  } catch {
    return false
  }
}

/** True when something accepts TCP connections on 127.0.0.1:`port` within a second. */
export const portAnswers = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port })
    const done = (answered: boolean) => {
      socket.destroy()
      resolve(answered)
    }
    socket.setTimeout(PORT_CHECK_MS, () => done(false))
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
  })

/**
 * A live process's start time (clock ticks since boot, field 22 of /proc/<pid>/stat): with the
 * pid, it names one process even once the pid is reused. Null when the process is gone or is a
 * zombie (killed, not yet reaped by its parent).
 */
const liveStartTicks = (pid: number): null | string => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    const [state, ...rest] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return state === 'Z' || state === 'X' ? null : (rest[18] ?? null)
  } catch {
    return null
  }
}

/** Records this process as the one that stops the server on `dir`. */
export const claimOwnership = (dir: string): void => {
  fs.writeFileSync(
    path.join(dir, OWNER_FILE),
    JSON.stringify({ pid: process.pid, started: liveStartTicks(process.pid) }),
  )
}

/** The pid of the live process that owns the server on `dir`; null when none is recorded or it is gone. */
export const liveOwner = (dir: string): null | number => {
  try {
    const { pid, started } = JSON.parse(fs.readFileSync(path.join(dir, OWNER_FILE), 'utf8')) as {
      pid: number
      started: null | string
    }
    return started !== null && liveStartTicks(pid) === started ? pid : null
  } catch {
    return null
  }
}

/**
 * Stops the server `pid` on `dir` (SIGINT: PostgreSQL's fast shutdown, which ends the sessions and
 * writes a checkpoint) and waits until it is gone; at once when it already is.
 */
export const stopPostmaster = async (
  pid: number,
  dir: string,
  timeoutMs = 30_000,
): Promise<void> => {
  if (!isPostmasterOf(pid, dir)) return
  process.kill(pid, 'SIGINT')
  if (!(await waitUntil(() => !isPostmasterOf(pid, dir), timeoutMs))) {
    throw new Error(`PostgreSQL (pid ${pid}) on ${dir} did not stop within ${timeoutMs / 1000} s`)
  }
}

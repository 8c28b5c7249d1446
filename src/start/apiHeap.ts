/**
 * The V8 heap of a process that serves the API and no admin page (ADMIN_UI=off, or the API
 * workers of `separate`). Left to itself, V8 lets such a process grow far past what it keeps
 * alive: after a minute of mixed requests an API process held 284 MiB for about 35 MiB of live
 * objects (docs/performance.md, "Start and several processes"). Two settings of V8 bound it:
 *
 * - **The old generation's growth.** After each full collection V8 lets the old generation grow
 *   to its live size times a factor it chooses (up to 4 for a process that allocates fast) before
 *   the next one. `--heap-growing-percent` fixes that factor; Node refuses it in NODE_OPTIONS, but
 *   V8 reads it at every collection, so the process sets it for itself once it listens
 *   (`API_HEAP_GROWING_PERCENT`; set during the start, it slowed the start by its extra
 *   collections).
 * - **The young generation's size.** Cluster workers get `--max-semi-space-size=4` on their command
 *   line (`workerExecArgv`, cluster.ts). A single process cannot give itself that flag: V8 reads
 *   it when it makes the heap. What V8 reads at run time is `--semi-space-growth-factor`, each time
 *   it grows the young generation after a scavenge. So `npm start`'s process stops the growth
 *   before the service's modules load (which would grow it to V8's largest size on their own),
 *   and once it listens grows it in one go to the workers' size and holds it there. Growing by
 *   watching collections instead does not hold: their notices come a turn of the event loop late,
 *   and under load V8 had doubled it twice more by then.
 */
import cluster from 'node:cluster'
import { performance } from 'node:perf_hooks'
import v8 from 'node:v8'

import { loadEnv } from '@/lib/loadEnv'
import { adminUiMode, settings, webConcurrency } from '@/lib/settings'

/** The semi-space size of a process serving no admin page. */
export const API_SEMI_SPACE_MIB = 4
const V8_GROWTH_FACTOR = 2
const RECHECK_MS = 10_000
/** Share of the last 10 s the event loop was busy, above which a shrunk young generation is grown. */
const BUSY = 0.2
/** The most the growing may allocate before it gives up (V8 grows it well before). */
const GROWING_LIMIT_BYTES = 64 * 1024 * 1024

/** Whether Node's options already name a semi-space size (V8 takes dashes or underscores). */
export const semiSpaceChosen = (options: string[]): boolean =>
  options.some((option) => /--max[-_]semi[-_]space/.test(option))

/** What this module asks of V8 (a fake one in the unit tests). */
export type Heap = {
  /** The event loop's busy share since the last call. */
  busy: () => number
  /** Bytes of the young generation's two semi-spaces, as V8 reports `new_space`. */
  newSpaceBytes: () => number
  setFlag: (flag: string) => void
}

export const v8Heap = (): Heap => {
  let last = performance.eventLoopUtilization()
  return {
    busy: () => {
      const now = performance.eventLoopUtilization()
      const { utilization } = performance.eventLoopUtilization(now, last)
      last = now
      return utilization
    },
    newSpaceBytes: () =>
      v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ??
      0,
    setFlag: (flag) => v8.setFlagsFromString(flag),
  }
}

const youngCap = (semiSpaceMiB: number) => 2 * semiSpaceMiB * 1024 * 1024

/**
 * Grows the young generation to `cap` now: arrays kept alive across scavenges make V8 double it,
 * and its size is read after each batch (smaller than a semi-space, so at most one scavenge
 * each), so growing stops at the cap and not a doubling past it. About 8 MiB allocated, once.
 */
export const growYoungGeneration = (heap: Heap, cap: number): void => {
  heap.setFlag(`--semi-space-growth-factor=${V8_GROWTH_FACTOR}`)
  let kept: number[][] = []
  for (let bytes = 0; heap.newSpaceBytes() < cap && bytes < GROWING_LIMIT_BYTES; bytes += 65_536)
    for (let i = 0; i < 8; i++) kept.push(new Array<number>(1000).fill(i))
  heap.setFlag('--semi-space-growth-factor=1')
  kept = []
}

let youngHeld = false

/**
 * For `npm start`, before the service's modules load: the one process serving the API and no admin
 * page (ADMIN_UI=off, WEB_CONCURRENCY=1), when NODE_OPTIONS names no size, stops its young
 * generation's growth; `tuneApiHeap` sizes it once the process listens.
 */
export const holdSingleApiProcessYoung = (heap: Heap = v8Heap()): void => {
  loadEnv()
  if (!cluster.isPrimary || adminUiMode() !== 'off' || webConcurrency() > 1) return
  if (semiSpaceChosen([...process.execArgv, process.env.NODE_OPTIONS ?? ''])) return
  heap.setFlag('--semi-space-growth-factor=1')
  youngHeld = true
}

/**
 * Once a process serving no admin page listens: the old generation's growth factor, and a young
 * generation held at start grown to the workers' size. V8 shrinks the young generation of a
 * process left idle; every 10 s, if it has shrunk and the process was busy, it is grown again.
 * Returns what stops the check.
 */
export const tuneApiHeap = ({
  growingPercent = settings('service').API_HEAP_GROWING_PERCENT,
  heap = v8Heap(),
  held = youngHeld,
  recheckMs = RECHECK_MS,
  semiSpaceMiB = API_SEMI_SPACE_MIB,
}: {
  growingPercent?: number
  heap?: Heap
  held?: boolean
  recheckMs?: number
  semiSpaceMiB?: number
} = {}): (() => void) => {
  if (growingPercent > 0) heap.setFlag(`--heap-growing-percent=${growingPercent}`)
  if (!held) return () => {}
  const cap = youngCap(semiSpaceMiB)
  growYoungGeneration(heap, cap)
  heap.busy()
  const recheck = setInterval(() => {
    if (heap.busy() > BUSY && heap.newSpaceBytes() < cap) growYoungGeneration(heap, cap)
  }, recheckMs)
  recheck.unref()
  return () => clearInterval(recheck)
}

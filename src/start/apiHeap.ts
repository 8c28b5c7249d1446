/**
 * The V8 heap of a process that serves the API and no admin page (ADMIN_UI=off, or the API
 * workers of `separate`). Left to itself, V8 lets such a process grow far past what it keeps
 * alive: after a minute of mixed requests an API process held 284 MiB for about 35 MiB of live
 * objects (docs/performance.md, "Start and several processes"). Two settings of V8 bound it:
 *
 * - **The old generation's growth.** After each full collection V8 lets the old generation grow
 *   to its live size times a factor it chooses (up to 4 for a process that allocates fast) before
 *   the next one. `--heap-growing-percent` fixes that factor; Node refuses it in NODE_OPTIONS, but
 *   V8 reads it at every collection, so the process sets it for itself once it runs
 *   (`API_HEAP_GROWING_PERCENT`; set during the start, it slowed the start by its extra
 *   collections).
 * - **The young generation's size.** Cluster workers get `--max-semi-space-size=4` on their command
 *   line (`workerExecArgv`, cluster.ts). A single process cannot give itself that flag: V8 reads
 *   it when it makes the heap. What V8 reads at run time is `--semi-space-growth-factor`, each
 *   time it grows the young generation after a scavenge. So `npm start`'s launcher stops the
 *   growth first thing (scripts/run.mjs; compiling and loading would grow it to V8's largest),
 *   the one API-only process keeps it stopped, and once it runs grows it in one go to 2 × 8 MiB
 *   (`SINGLE_API_SEMI_SPACE_MIB`). Growing by watching collections instead does not hold: their
 *   notices come a turn of the event loop late, and under load V8 had doubled it twice more by
 *   then.
 */
import cluster from 'node:cluster'
import { performance } from 'node:perf_hooks'
import v8 from 'node:v8'

import { loadEnv } from '@/lib/loadEnv'
import { adminUiMode, servesAlone, settings } from '@/lib/settings'

/** The semi-space size of a cluster worker serving no admin page (its command line). */
export const API_SEMI_SPACE_MIB = 4
/**
 * The semi-space size a single API process holds: twice a worker's, since under a minute of
 * mixed requests 4 MiB cost it a sixth of its throughput and 8 MiB nothing measurable, for 9 MiB
 * more (docs/performance.md).
 */
export const SINGLE_API_SEMI_SPACE_MIB = 8
const MiB = 1024 * 1024
/** `--semi-space-growth-factor`: V8's default, and the factor that stops the growth. */
const V8_DEFAULT_GROWTH = 2
const NO_GROWTH = 1
const RECHECK_MS = 10_000
/** Share of the last 10 s the event loop was busy, above which a shrunk young generation is grown. */
const BUSY = 0.2
/** What the growing keeps alive between two looks at the size: arrays of 8-byte numbers. */
const BATCH_ARRAYS = 8
const ARRAY_LENGTH = 1000
const BATCH_BYTES = BATCH_ARRAYS * ARRAY_LENGTH * 8

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

const growthFactor = (heap: Heap, factor: number) =>
  heap.setFlag(`--semi-space-growth-factor=${factor}`)

/** Whether one more doubling of a young generation of `size` stays within `cap`. */
const roomToDouble = (size: number, cap: number) => size * 2 <= cap

/**
 * Grows the young generation toward `cap` now and returns its size then. Arrays kept alive
 * across scavenges make V8 double it, and its size is read after each batch (far smaller than a
 * semi-space: at most one scavenge, so one doubling, each); it grows only while one more
 * doubling stays within the cap, since after V8 shrank it its size need not be a power of two
 * (3 MiB grows to 6, not 12). It gives up after allocating twice the cap (V8's own largest size
 * is smaller for a small heap, `--max-old-space-size` or a container's memory): the arrays kept
 * end in the old generation as garbage. From V8's first size, 2 MiB, to 16: about 12 MiB.
 */
export const growYoungGeneration = (heap: Heap, cap: number): number => {
  growthFactor(heap, V8_DEFAULT_GROWTH)
  let kept: number[][] = []
  let size = heap.newSpaceBytes()
  for (let bytes = 0; roomToDouble(size, cap) && bytes < 2 * cap; bytes += BATCH_BYTES) {
    for (let i = 0; i < BATCH_ARRAYS; i++) kept.push(new Array<number>(ARRAY_LENGTH).fill(i))
    size = heap.newSpaceBytes()
  }
  growthFactor(heap, NO_GROWTH)
  kept = []
  return size
}

let youngHeld = false

/**
 * A worker thread's start (the VIN decoder's, a log transport's) sets the growth factor back to
 * V8's default for the whole process: V8 raises a factor below 2 when it makes the new thread's
 * heap. So once each worker runs, growth stops again.
 */
export const holdAcrossWorkers = (heap: Heap): void => {
  process.on('worker', (worker) => worker.once('online', () => growthFactor(heap, NO_GROWTH)))
}

/**
 * For `npm start`, before Payload and the service load: the one process serving the API and no
 * admin page (ADMIN_UI=off, WEB_CONCURRENCY=1), when Node's options name no size, keeps its young
 * generation's growth stopped (scripts/run.mjs stopped it first thing), and `tuneApiHeap` sizes
 * it once the process runs. Every other process gets V8's default back.
 */
export const holdSingleApiProcessYoung = (heap: Heap = v8Heap()): void => {
  loadEnv()
  const single = cluster.isPrimary && servesAlone() && adminUiMode() === 'off'
  if (!single || semiSpaceChosen([...process.execArgv, process.env.NODE_OPTIONS ?? ''])) {
    growthFactor(heap, V8_DEFAULT_GROWTH)
    return
  }
  growthFactor(heap, NO_GROWTH)
  holdAcrossWorkers(heap)
  youngHeld = true
}

/**
 * Once a process serving no admin page runs: the old generation's growth factor, and a young
 * generation held at start grown to `semiSpaceMiB` per semi-space. V8 shrinks the young
 * generation of a process left idle; every 10 s, if it has shrunk and the process was busy, it is
 * grown again, unless V8 would not grow it to the cap (its own largest size is smaller). Returns
 * what stops the check.
 */
export const tuneApiHeap = ({
  growingPercent = settings('service').API_HEAP_GROWING_PERCENT,
  heap = v8Heap(),
  held = youngHeld,
  recheckMs = RECHECK_MS,
  semiSpaceMiB = SINGLE_API_SEMI_SPACE_MIB,
}: {
  growingPercent?: number
  heap?: Heap
  held?: boolean
  recheckMs?: number
  semiSpaceMiB?: number
} = {}): (() => void) => {
  if (growingPercent > 0) heap.setFlag(`--heap-growing-percent=${growingPercent}`)
  if (!held) return () => {}
  const cap = 2 * semiSpaceMiB * MiB
  if (roomToDouble(growYoungGeneration(heap, cap), cap)) return () => {}
  heap.busy()
  const recheck = setInterval(() => {
    if (heap.busy() <= BUSY || !roomToDouble(heap.newSpaceBytes(), cap)) return
    if (roomToDouble(growYoungGeneration(heap, cap), cap)) clearInterval(recheck)
  }, recheckMs)
  recheck.unref()
  return () => clearInterval(recheck)
}

import { describe, expect, it, jest } from '@jest/globals'

import {
  growYoungGeneration,
  type Heap,
  semiSpaceChosen,
  SINGLE_API_SEMI_SPACE_MIB,
  tuneApiHeap,
} from '@/start/apiHeap'

import { runTsxScript } from '../helpers/tsxScript'

const MiB = 1024 * 1024
/**
 * The real-V8 runs: loading tsx and the module alone grows a young generation to 8–16 MiB, and
 * the growing must be seen to happen, so V8 is allowed 2 × 32 MiB and the cap is 32.
 */
const CAP = 32 * MiB
const ROOMY = ['--max-semi-space-size=32']
/** A single API process's young generation: both semi-spaces. */
const SINGLE = 2 * SINGLE_API_SEMI_SPACE_MIB * MiB
/** The last line a script printed, as JSON. */
const printed = async (script: string, options: Parameters<typeof runTsxScript>[1] = {}) =>
  JSON.parse((await runTsxScript(script, options)).trim().split('\n').pop()!)

/**
 * The young generation in a fresh Node: held (as `npm start`'s is from its launch; here once tsx
 * has loaded, whose loader thread would undo it), grown to the cap once "running", then a
 * worker thread started, then a second of short-lived allocations; or left to V8 throughout. The
 * free run shows the load grows it past the cap, so the held run can fail.
 */
const youngAfterLoad = (
  held: boolean,
  nodeArgs: string[] = ROOMY,
): Promise<{ afterGrowing: number; afterLoad: number; before: number }> =>
  printed(
    `
import { Worker } from 'node:worker_threads'
import { growYoungGeneration, holdAcrossWorkers, v8Heap } from './src/start/apiHeap.ts'
const heap = v8Heap()
${held ? "heap.setFlag('--semi-space-growth-factor=1'); holdAcrossWorkers(heap)" : ''}
const startup = Array.from({ length: 200000 }, (_, i) => ({ i, text: 'module ' + i }))
const before = heap.newSpaceBytes()
${held ? `growYoungGeneration(heap, ${CAP})` : ''}
const afterGrowing = heap.newSpaceBytes()
const worker = new Worker('setTimeout(() => {}, 2000)', { eval: true })
await new Promise((resolve) => worker.once('online', resolve))
const keep = []
const until = Date.now() + 1000
while (Date.now() < until) {
  for (let i = 0; i < 20000; i++) {
    keep.push({ at: i, text: 'row ' + i, list: [i, i + 1] })
    if (keep.length > 60000) keep.length = 0
  }
  await new Promise((resolve) => setImmediate(resolve))
}
await worker.terminate()
console.log(JSON.stringify({ afterGrowing, afterLoad: heap.newSpaceBytes(), before, startup: startup.length }))
`,
    { nodeArgs },
  )

/** The old generation's largest size in a fresh Node under churn over a live set, in MiB. */
const oldPeak = async (growingPercent: number): Promise<number> =>
  (
    await printed(`
import v8 from 'node:v8'
import { tuneApiHeap } from './src/start/apiHeap.ts'
tuneApiHeap({ growingPercent: ${growingPercent}, held: false })
const old = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === 'old_space').space_size
const live = Array.from({ length: 300000 }, (_, i) => ({ i, text: 'live ' + i }))
const churn = []
let peak = 0
for (let round = 0; round < 40; round++) {
  for (let i = 0; i < 100000; i++) {
    churn.push({ i, text: 'churn ' + i })
    if (churn.length > 200000) churn.length = 0
  }
  peak = Math.max(peak, old())
  await new Promise((resolve) => setImmediate(resolve))
}
console.log(JSON.stringify({ live: live.length, peak: peak / ${MiB} }))
`)
  ).peak

/**
 * A young generation that doubles (up to `largest`) at each look while the factor allows, as V8
 * does at a scavenge after each batch; and the flags set.
 */
const fakeHeap = (bytes: number, largest = 64 * MiB) => {
  const state = { busy: 0, bytes, factor: 1, flags: [] as string[], looks: 0 }
  const heap: Heap = {
    busy: () => state.busy,
    newSpaceBytes: () => {
      state.looks++
      state.bytes = Math.min(largest, state.bytes * state.factor)
      return state.bytes
    },
    setFlag: (flag) => {
      state.flags.push(flag)
      const factor = /--semi-space-growth-factor=(\d+)/.exec(flag)
      if (factor) state.factor = Number(factor[1])
    },
  }
  return { heap, state }
}

describe('the heap of a process serving no admin page', () => {
  it("holds a single process's young generation at its cap, worker threads too, in a real V8", async () => {
    const free = await youngAfterLoad(false)
    const held = await youngAfterLoad(true)
    expect(free.afterLoad).toBeGreaterThan(CAP)
    expect(held.before).toBeLessThan(CAP)
    expect(held.afterGrowing).toBe(CAP)
    expect(held.afterLoad).toBeLessThanOrEqual(CAP)
  })

  it("gives up at once where V8's own largest young generation is below the cap, in a real V8", async () => {
    const small = await youngAfterLoad(true, ['--max-semi-space-size=1'])
    expect(small.afterGrowing).toBe(2 * MiB)
    expect(small.afterLoad).toBeLessThanOrEqual(2 * MiB)
  })

  it('bounds the old generation by the growing percent, in a real V8', async () => {
    const free = await oldPeak(0)
    // That the setting reaches V8, with 20 rather than the default 100: with 100 the peak was
    // 0.6–0.8 of V8's own choice, which moves with the machine's load; with 20 it is about 62 MiB
    // over a 40 MiB live set, under 0.45 of it. What 100 does is `npm run bench:start`'s to show.
    const bounded = await oldPeak(20)
    expect(bounded).toBeLessThan(free * 0.6)
  })

  it('grows a held young generation once it runs, and again only when V8 shrank it and work came', () => {
    jest.useFakeTimers()
    try {
      const { heap, state } = fakeHeap(2 * MiB)
      const stop = tuneApiHeap({ growingPercent: 100, heap, held: true, recheckMs: 1000 })
      expect(state).toMatchObject({ bytes: SINGLE, factor: 1 })
      expect(state.flags).toEqual([
        '--heap-growing-percent=100',
        '--semi-space-growth-factor=2',
        '--semi-space-growth-factor=1',
      ])

      // V8 shrank it while the process was idle: not grown while idle…
      state.bytes = 2 * MiB
      jest.advanceTimersByTime(1000)
      expect(state.bytes).toBe(2 * MiB)
      // …grown back to the cap once busy.
      state.busy = 0.5
      jest.advanceTimersByTime(1000)
      expect(state).toMatchObject({ bytes: SINGLE, factor: 1 })

      stop()
      state.bytes = 2 * MiB
      jest.advanceTimersByTime(5000)
      expect(state.bytes).toBe(2 * MiB)
    } finally {
      jest.useRealTimers()
    }
  })

  it('never grows past the cap from a size V8 shrank it to', () => {
    const { heap, state } = fakeHeap(3 * MiB)
    expect(growYoungGeneration(heap, 8 * MiB)).toBe(6 * MiB)
    expect(state.factor).toBe(1)
  })

  it("stops trying where V8's largest is below the cap: a bounded attempt, no rechecks", () => {
    jest.useFakeTimers()
    try {
      const { heap, state } = fakeHeap(2 * MiB, 2 * MiB)
      tuneApiHeap({ growingPercent: 100, heap, held: true, recheckMs: 1000 })
      // At most twice the cap allocated, 64 KB at a time.
      expect(state.looks).toBeLessThanOrEqual(1 + (2 * SINGLE) / (64 * 1000) + 1)
      const looks = state.looks
      state.busy = 1
      jest.advanceTimersByTime(10_000)
      expect(state.looks).toBe(looks)
    } finally {
      jest.useRealTimers()
    }
  })

  it("leaves V8's own old generation growth with 0, and a worker's young generation alone", () => {
    const { heap, state } = fakeHeap(8 * MiB)
    tuneApiHeap({ growingPercent: 0, heap, held: false })
    expect(state.flags).toEqual([])
  })

  it('is held at the start only by the one process serving no admin page, with no size chosen', async () => {
    const held = (env: Record<string, string>) =>
      printed(
        `
import { holdSingleApiProcessYoung } from './src/start/apiHeap.ts'
const flags = []
holdSingleApiProcessYoung({ busy: () => 0, newSpaceBytes: () => 0, setFlag: (flag) => flags.push(flag) })
console.log(JSON.stringify(flags))
`,
        { env: { ADMIN_UI: 'on', NODE_ENV: 'production', WEB_CONCURRENCY: '1', ...env } },
      )
    const hold = ['--semi-space-growth-factor=1']
    const v8Default = ['--semi-space-growth-factor=2']
    await expect(held({ ADMIN_UI: 'off' })).resolves.toEqual(hold)
    await expect(held({})).resolves.toEqual(v8Default)
    await expect(held({ ADMIN_UI: 'separate' })).resolves.toEqual(v8Default)
    await expect(held({ ADMIN_UI: 'off', WEB_CONCURRENCY: '2' })).resolves.toEqual(v8Default)
    await expect(
      held({ ADMIN_UI: 'off', NODE_OPTIONS: '--max-semi-space-size=16' }),
    ).resolves.toEqual(v8Default)
  })

  it("is left to the operator's size when Node's options name one", () => {
    expect(semiSpaceChosen(['--conditions=production', ''])).toBe(false)
    expect(semiSpaceChosen(['--conditions=production', '--max-semi-space-size=16'])).toBe(true)
    expect(semiSpaceChosen(['--max_semi_space_size=2 --trace-gc'])).toBe(true)
  })
})

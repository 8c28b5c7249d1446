import { describe, expect, it, jest } from '@jest/globals'

import { type Heap, semiSpaceChosen, tuneApiHeap } from '@/start/apiHeap'

import { runTsxScript } from '../helpers/tsxScript'

const MiB = 1024 * 1024

/** The last line a script printed, as JSON. */
const printed = async (script: string, env: Record<string, string> = {}) =>
  JSON.parse((await runTsxScript(script, env)).trim().split('\n').pop()!)

/**
 * The young generation in a fresh Node after a second of short-lived allocations: held at the
 * start and grown to the cap as `npm start` does, or left to V8. The free run shows the load
 * grows it past the cap, so the held run can fail.
 */
const youngAfterLoad = (held: boolean): Promise<{ afterGrowing: number; afterLoad: number }> =>
  printed(`
import v8 from 'node:v8'
import { growYoungGeneration, v8Heap } from './src/start/apiHeap.ts'
const heap = v8Heap()
${held ? "heap.setFlag('--semi-space-growth-factor=1')" : ''}
const startup = Array.from({ length: 200000 }, (_, i) => ({ i, text: 'module ' + i }))
${held ? `growYoungGeneration(heap, ${8 * MiB})` : ''}
const afterGrowing = heap.newSpaceBytes()
const keep = []
const until = Date.now() + 1000
while (Date.now() < until) {
  for (let i = 0; i < 20000; i++) {
    keep.push({ at: i, text: 'row ' + i, list: [i, i + 1] })
    if (keep.length > 60000) keep.length = 0
  }
  await new Promise((resolve) => setImmediate(resolve))
}
console.log(JSON.stringify({ afterGrowing, afterLoad: heap.newSpaceBytes(), startup: startup.length }))
`)

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

/** A young generation that doubles at each `grow()` while the factor allows, and the flags set. */
const fakeHeap = (bytes: number) => {
  const state = { busy: 0, bytes, factor: 2, flags: [] as string[] }
  const heap: Heap = {
    busy: () => state.busy,
    newSpaceBytes: () => {
      // Each look is after a batch: a scavenge that may grow it.
      if (state.factor > 1) state.bytes *= state.factor
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
  it('holds a single process young generation at the workers size, in a real V8', async () => {
    const [free, held] = await Promise.all([youngAfterLoad(false), youngAfterLoad(true)])
    expect(free.afterLoad).toBeGreaterThan(8 * MiB)
    expect(held.afterGrowing).toBe(8 * MiB)
    expect(held.afterLoad).toBeLessThanOrEqual(8 * MiB)
  })

  it('bounds the old generation by the growing percent, in a real V8', async () => {
    const [free, bounded] = await Promise.all([oldPeak(0), oldPeak(100)])
    // About 170 against 95 MiB here: the live set is about 40.
    expect(bounded).toBeLessThan(free * 0.75)
  })

  it('grows a held young generation once it runs, and again only when V8 shrank it and work came', () => {
    jest.useFakeTimers()
    try {
      const { heap, state } = fakeHeap(2 * MiB)
      state.factor = 1
      const stop = tuneApiHeap({ growingPercent: 100, heap, held: true, recheckMs: 1000 })
      expect(state).toMatchObject({ bytes: 8 * MiB, factor: 1 })
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
      expect(state).toMatchObject({ bytes: 8 * MiB, factor: 1 })

      stop()
      state.bytes = 2 * MiB
      jest.advanceTimersByTime(5000)
      expect(state.bytes).toBe(2 * MiB)
    } finally {
      jest.useRealTimers()
    }
  })

  it("leaves V8's own growth with 0, and the young generation of a worker to its command line", () => {
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
        { ADMIN_UI: 'on', NODE_ENV: 'production', WEB_CONCURRENCY: '1', ...env },
      )
    const hold = ['--semi-space-growth-factor=1']
    await expect(held({ ADMIN_UI: 'off' })).resolves.toEqual(hold)
    await expect(held({})).resolves.toEqual([])
    await expect(held({ ADMIN_UI: 'separate' })).resolves.toEqual([])
    await expect(held({ ADMIN_UI: 'off', WEB_CONCURRENCY: '2' })).resolves.toEqual([])
    await expect(
      held({ ADMIN_UI: 'off', NODE_OPTIONS: '--max-semi-space-size=16' }),
    ).resolves.toEqual([])
  })

  it("is left to the operator's size when Node's options name one", () => {
    expect(semiSpaceChosen(['--conditions=production', ''])).toBe(false)
    expect(semiSpaceChosen(['--conditions=production', '--max-semi-space-size=16'])).toBe(true)
    expect(semiSpaceChosen(['--max_semi_space_size=2 --trace-gc'])).toBe(true)
  })
})

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from '@jest/globals'

import { workerExecArgv, workerScript } from '@/start/cluster'

const BASE = ['--conditions=production']
const SMALL = '--max-semi-space-size=4'

describe("a cluster worker's Node options", () => {
  it('keep source maps on for every worker', () => {
    for (const role of ['admin', 'lead', 'follower'] as const)
      expect(workerExecArgv(role, { execArgv: BASE, mode: 'on', nodeOptions: '' })).toEqual([
        ...BASE,
        '--enable-source-maps',
      ])
  })

  it('give a small young generation only to workers that serve no admin page', () => {
    const options = (role: 'admin' | 'follower' | 'lead', mode: 'off' | 'on' | 'separate') =>
      workerExecArgv(role, { execArgv: BASE, mode, nodeOptions: '' }).includes(SMALL)
    expect(options('lead', 'separate')).toBe(true)
    expect(options('follower', 'separate')).toBe(true)
    expect(options('lead', 'off')).toBe(true)
    expect(options('follower', 'off')).toBe(true)
    expect(options('admin', 'separate')).toBe(false)
    expect(options('lead', 'on')).toBe(false)
    expect(options('follower', 'on')).toBe(false)
  })

  it('leave source maps to the logger in a worker of the lean build', () => {
    for (const mode of ['off', 'separate'] as const)
      expect(workerExecArgv('lead', { execArgv: BASE, lean: true, mode, nodeOptions: '' })).toEqual(
        [...BASE, SMALL],
      )
  })

  it('are the whole list for an API worker', () => {
    expect(workerExecArgv('lead', { execArgv: BASE, mode: 'separate', nodeOptions: '' })).toEqual([
      ...BASE,
      '--enable-source-maps',
      SMALL,
    ])
  })

  it('leave a size the operator chose to the operator', () => {
    expect(
      workerExecArgv('lead', {
        execArgv: BASE,
        mode: 'off',
        nodeOptions: '--max-semi-space-size=8',
      }),
    ).not.toContain(SMALL)
    // V8 reads underscores as dashes.
    expect(
      workerExecArgv('lead', {
        execArgv: BASE,
        mode: 'off',
        nodeOptions: '--max_semi_space_size=8',
      }),
    ).not.toContain(SMALL)
    expect(
      workerExecArgv('lead', {
        execArgv: [...BASE, '--max-semi-space-size=2'],
        mode: 'off',
        nodeOptions: '',
      }),
    ).toEqual([...BASE, '--max-semi-space-size=2', '--enable-source-maps'])
  })
})

describe("a cluster worker's script", () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'worker-script-'))
  const script = path.join(folder, 'start.js')
  const lean = path.join(folder, 'lean', 'start.js')
  fs.mkdirSync(path.dirname(lean))
  for (const file of [script, lean]) fs.writeFileSync(file, '')
  afterAll(() => fs.rmSync(folder, { force: true, recursive: true }))

  it("is the lean build's for an API worker beside an admin worker", () => {
    for (const role of ['lead', 'follower'] as const)
      expect(workerScript(role, { mode: 'separate', script })).toBe(lean)
  })

  it("is the primary's own where the worker may load Next, or the primary is lean already", () => {
    expect(workerScript('admin', { mode: 'separate', script })).toBe(script)
    expect(workerScript('lead', { mode: 'on', script })).toBe(script)
    expect(workerScript('lead', { mode: 'off', script: lean })).toBe(lean)
  })

  it("is the primary's own where there is no lean build (tsx, npm run dev)", () => {
    const source = path.join(folder, 'server.ts')
    expect(workerScript('lead', { mode: 'separate', script: source })).toBe(source)
  })
})

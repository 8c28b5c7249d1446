import { describe, expect, it } from '@jest/globals'

import { workerExecArgv } from '@/start/cluster'

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

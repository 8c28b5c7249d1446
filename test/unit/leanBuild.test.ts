/**
 * The lean build (scripts/compile.mjs): which compiled file each command runs, and the guard that
 * keeps Lexical (and with it a second Payload) out of its processes.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from '@jest/globals'

import { richTextEditor } from '@/admin/richText'
import { refuseInLeanBuild } from '@/lib/leanBuild'

import { COMMANDS, entryFor } from '../../scripts/compile.mjs'

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lean-build-'))
const envFile = (text: string) => {
  const file = path.join(folder, `${Math.random().toString(36).slice(2)}.env`)
  fs.writeFileSync(file, text)
  return file
}
const none = path.join(folder, 'missing.env')

afterAll(() => fs.rmSync(folder, { force: true, recursive: true }))

describe('entryFor', () => {
  it('runs `start` from the lean build only with ADMIN_UI=off', () => {
    expect(entryFor('start', { ADMIN_UI: 'off' }, none)).toBe(path.join('lean', 'start.js'))
    for (const mode of ['on', 'separate'])
      expect(entryFor('start', { ADMIN_UI: mode }, none)).toBe('start.js')
    expect(entryFor('start', {}, none)).toBe('start.js')
  })

  it('reads ADMIN_UI from .env when the environment does not set it; the environment wins', () => {
    expect(entryFor('start', {}, envFile('PORT=3000\nADMIN_UI="off" # API node\n'))).toBe(
      path.join('lean', 'start.js'),
    )
    expect(entryFor('start', { ADMIN_UI: 'on' }, envFile('ADMIN_UI=off\n'))).toBe('start.js')
    expect(entryFor('start', {}, envFile('# ADMIN_UI=off\n'))).toBe('start.js')
  })

  it('reads ADMIN_UI as the service does: a blank value is unset, anything but `off` is not off', () => {
    expect(entryFor('start', { ADMIN_UI: ' ' }, envFile('ADMIN_UI=off\n'))).toBe('start.js')
    for (const value of ['OFF', 'off ', 'no'])
      expect(entryFor('start', { ADMIN_UI: value }, none)).toBe('start.js')
  })

  it('runs every other command from the lean build, except the admin UI build, which runs Next', () => {
    for (const [command, source] of Object.entries(COMMANDS).filter(([name]) => name !== 'start')) {
      const file = source.replace(/\.ts$/, '.js')
      const expected = command === 'build' ? file : path.join('lean', file)
      expect(entryFor(command, { ADMIN_UI: 'on' }, none)).toBe(expected)
    }
  })
})

describe('a lean process', () => {
  const withRichText = [{ fields: [{ name: 'body', type: 'richText' as const }] }]
  const asLean = async (run: () => Promise<unknown>) => {
    process.env.COMMERCE_BUILD = 'lean'
    try {
      return await run()
    } finally {
      delete process.env.COMMERCE_BUILD
    }
  }

  it('refuses Lexical, saying why (it would load a second Payload)', async () => {
    const editor = richTextEditor(withRichText) as (args: unknown) => Promise<unknown>
    await asLean(() =>
      expect(editor({})).rejects.toThrow(/Lexical .* lean build, which bundles Payload/),
    )
  })

  it('refuses what would load Next or the admin UI packages; another process loads them', async () => {
    await asLean(async () =>
      expect(() => refuseInLeanBuild('Next (the admin UI)')).toThrow(
        /^Next \(the admin UI\) is not loaded by a process of the lean build/,
      ),
    )
    expect(() => refuseInLeanBuild('Next (the admin UI)')).not.toThrow()
  })
})

/**
 * The lean build (scripts/compile.mjs): which compiled file each command runs, and the guard that
 * keeps Lexical (and with it a second Payload) out of its processes.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from '@jest/globals'

import { richTextEditor } from '@/admin/richText'

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

  it('runs every other command from the lean build, except the admin UI build, which runs Next', () => {
    for (const [command, source] of Object.entries(COMMANDS).filter(([name]) => name !== 'start')) {
      const file = source.replace(/\.ts$/, '.js')
      const expected = command === 'build' ? file : path.join('lean', file)
      expect(entryFor(command, { ADMIN_UI: 'on' }, none)).toBe(expected)
    }
  })
})

describe('Lexical in the lean build', () => {
  const withRichText = [{ fields: [{ name: 'body', type: 'richText' as const }] }]

  it('is refused, saying why, where a lean process would load it', async () => {
    const editor = richTextEditor(withRichText) as (args: unknown) => Promise<unknown>
    process.env.COMMERCE_BUILD = 'lean'
    try {
      await expect(editor({})).rejects.toThrow(/lean build/)
    } finally {
      delete process.env.COMMERCE_BUILD
    }
  })
})

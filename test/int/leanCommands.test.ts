/**
 * Every command of the lean build (scripts/compile.mjs) loads: its bundled dependencies find what
 * they read beside their own files (pino's worker script for LOG_PRETTY, TypeScript's library
 * files), and each reaches the settings check, which stops it before it opens a database. Both
 * builds keep the hook names the compiled writes compare.
 */
import fs from 'node:fs'
import path from 'node:path'

import { expect, it } from '@jest/globals'

import { HOOKS as CONSUMER_HOOKS } from '@/flows/consumerCreate'
import { HOOKS as CREDIT_APP_HOOKS } from '@/flows/creditAppCreate'
import { HOOKS as ERROR_HOOKS } from '@/flows/errorCreate'
import { HOOKS as LEAD_HOOKS } from '@/flows/leadCreate'
import { HOOKS as LEAD_EVENT_HOOKS } from '@/flows/leadEventPatch'
import { HOOKS as VDP_EMAIL_HOOKS } from '@/flows/vdpEmailRows'

import { COMMANDS, ensureCompiled, entryFor } from '../../scripts/compile.mjs'
import { runCli } from '../helpers/cli'

const lean = Object.keys(COMMANDS).filter((command) =>
  entryFor(command, { ADMIN_UI: 'off' }).startsWith('lean'),
)

/** Arguments for the commands that check theirs before the settings. */
const ARGS: Record<string, string[]> = {
  'create-admin': ['--email', 'lean@example.com', '--password', 'long-enough-password'],
  'create-api-key': ['--role', 'integrator'],
}

it('covers every command but the admin UI build', () => {
  expect(lean.sort()).toEqual(
    Object.keys(COMMANDS)
      .filter((name) => name !== 'build')
      .sort(),
  )
})

it.each(lean)(
  '%s loads from the lean build and stops at a bad setting, saying which',
  async (command) => {
    const { code, stderr, stdout } = await runCli(command, ARGS[command] ?? [], {
      ADMIN_UI: 'off',
      LOG_PRETTY: 'true',
      RATE_LIMIT_API: 'many',
    })
    expect(stdout + stderr).toMatch(/RATE_LIMIT_API/)
    expect(stdout + stderr).not.toMatch(/ReferenceError|Cannot find|is not defined/)
    expect(code).not.toBe(0)
  },
)

/**
 * The compiled writes know the collections' hooks by their functions' names (hookSignature). A
 * bundle that renamed one (esbuild's `name2`, when two top-level names meet in a chunk) would send
 * every such write to Payload in production alone, where the tests, run from the sources, would
 * never see it.
 */
it('keeps the names of the hooks the compiled writes compare, in both builds', async () => {
  const outdir = await ensureCompiled()
  const text = fs
    .readdirSync(outdir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8'))
    .join('\n')
  const names = [
    ...new Set(
      [
        CONSUMER_HOOKS,
        CREDIT_APP_HOOKS,
        ERROR_HOOKS,
        LEAD_HOOKS,
        LEAD_EVENT_HOOKS,
        VDP_EMAIL_HOOKS,
      ].flatMap(hookNames),
    ),
  ]
  expect(names.length).toBeGreaterThan(20)
  for (const name of names) {
    expect([name, text.includes(name)]).toEqual([name, true])
    expect([name, new RegExp(`\\b${name}\\d+\\b`).test(text)]).toEqual([name, false])
  }
})

/** The hook functions a signature names (its lines of collection hooks, not its fields). */
const hookNames = (signature: string) =>
  signature
    .split('\n')
    .filter((line) => !/^(field|shape):/.test(line))
    .flatMap((line) => line.slice(line.indexOf(':') + 1).split(','))

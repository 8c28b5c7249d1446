/**
 * Every command of the lean build (scripts/compile.mjs) loads: its bundled dependencies find what
 * they read beside their own files (pino's worker script for LOG_PRETTY, TypeScript's library
 * files), and each reaches the settings check, which stops it before it opens a database.
 */
import { expect, it } from '@jest/globals'

import { COMMANDS, entryFor } from '../../scripts/compile.mjs'
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

/**
 * The patches in patches/: each names its upstream reference in its header, is pinned to the
 * installed version of its package, and is applied to the installed files (postinstall runs
 * `patch-package --error-on-fail`, so an install whose patch no longer applies fails already).
 * A Payload upgrade fails here first: the patch then has to be checked against the new release
 * (docs/payload-seam.md says how). Whether each is still needed is shown by the int tests its
 * header names, which fail without it.
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

import { describe, expect, it } from '@jest/globals'

const root = path.resolve(import.meta.dirname, '../..')
const require = createRequire(import.meta.url)

type Part = { lines: string[]; type: 'context' | 'deletion' | 'insertion' }
type FilePatch = { hunks?: { parts: Part[] }[]; path: string; type: string }
const { parsePatchFile } = require('patch-package/dist/patch/parse.js') as {
  parsePatchFile: (text: string) => FilePatch[]
}

const PATCHES = fs.readdirSync(path.join(root, 'patches')).filter((file) => file.endsWith('.patch'))

/** `@payloadcms+drizzle+3.90.2.patch` → the package `@payloadcms/drizzle`, version `3.90.2`. */
const packageOf = (file: string) => {
  const [, name, version] = /^(.+)\+(\d[^+]*)\.patch$/.exec(file) ?? []
  return { name: name.replace('+', '/'), version }
}

describe.each(PATCHES)('patches/%s', (file) => {
  const text = fs.readFileSync(path.join(root, 'patches', file), 'utf8')
  const { name, version } = packageOf(file)

  it('names its upstream reference in a header patch-package ignores', () => {
    const header = text.slice(0, text.indexOf('diff --git'))
    expect(header).toMatch(/^# /)
    expect(
      header
        .split('\n')
        .filter(Boolean)
        .every((line) => line.startsWith('# ')),
    ).toBe(true)
    expect(header).toMatch(/Upstream: /)
  })

  it('is pinned to the installed version of its package', () => {
    const installed = JSON.parse(
      fs.readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8'),
    ).version
    expect(installed).toBe(version)
  })

  it('is applied to the installed files', () => {
    const files = parsePatchFile(text)
    expect(files.length).toBeGreaterThan(0)
    for (const patched of files) {
      const installed = fs.readFileSync(path.join(root, patched.path), 'utf8')
      for (const hunk of patched.hunks ?? []) {
        // A hunk's new text (its context and insertions, in order) is in the file as one block.
        const after = hunk.parts
          .filter((part) => part.type !== 'deletion')
          .flatMap((part) => part.lines)
          .join('\n')
        expect(installed).toContain(after)
      }
    }
  })
})

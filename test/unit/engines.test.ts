/**
 * The oldest Node that package.json's `engines` allows, and the README names, is one every
 * package of the lock file supports: `npm install` on it prints no engine warning (EBADENGINE).
 * A dependency that wants a newer Node is pinned to a release that does not (as Prism's CLI and
 * its packages are, through `overrides`), or the promise is raised, README and all.
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

import { expect, it } from '@jest/globals'

import { projectRoot } from '@/lib/paths'

type Semver = {
  minVersion: (range: string) => null | { version: string }
  satisfies: (version: string, range: string) => boolean
}
// npm's own range parser (installed with the tools), without types of its own here.
const semver = createRequire(import.meta.url)('semver') as Semver

const read = (file: string) => fs.readFileSync(path.join(projectRoot, file), 'utf8')
type Locked = { engines?: { node?: unknown }; version?: string }

const promised: string = JSON.parse(read('package.json')).engines.node
const oldest = semver.minVersion(promised)?.version ?? ''

it('every locked package supports the oldest Node the project allows', () => {
  expect(oldest).toMatch(/^\d+\.\d+\.\d+$/)
  const packages: Record<string, Locked> = JSON.parse(read('package-lock.json')).packages
  const unsupported = Object.entries(packages).flatMap(([name, { engines, version }]) => {
    const range = engines?.node
    return name && typeof range === 'string' && !semver.satisfies(oldest, range)
      ? [`${name.replace(/^.*node_modules\//, '')} ${version}: node ${range}`]
      : []
  })
  expect(unsupported).toEqual([])
})

it('the README names that version', () => {
  const [major, minor] = oldest.split('.')
  expect(read('README.md')).toContain(`Node ${major}.${minor} or later`)
})

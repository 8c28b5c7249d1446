/**
 * Every @payloadcms package is payload's version, except those published a release behind it (the
 * storage plugins, and the SDK the tests use as a client), which must not be ahead of it and must
 * get this payload through `overrides` (Payload's own check of this is turned off in
 * src/lib/loadEnv.ts for their sake).
 */
import fs from 'node:fs'
import path from 'node:path'

import { expect, it } from '@jest/globals'

import { projectRoot } from '@/lib/paths'

const LAGGING = ['@payloadcms/storage-s3', '@payloadcms/plugin-cloud-storage', '@payloadcms/sdk']

const versionOf = (name: string): string =>
  JSON.parse(fs.readFileSync(path.join(projectRoot, 'node_modules', name, 'package.json'), 'utf8'))
    .version

it('@payloadcms packages are payload’s version, or a lagging plugin overridden to it', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8'))
  const payload = versionOf('payload')
  const installed = fs
    .readdirSync(path.join(projectRoot, 'node_modules', '@payloadcms'))
    .map((name) => `@payloadcms/${name}`)
  for (const name of installed) {
    if (LAGGING.includes(name)) {
      expect(
        versionOf(name).localeCompare(payload, undefined, { numeric: true }),
      ).toBeLessThanOrEqual(0)
      expect(manifest.overrides[name].payload).toBe('$payload')
    } else {
      expect(`${name}@${versionOf(name)}`).toBe(`${name}@${payload}`)
    }
  }
})

import path from 'node:path'

import dotenv from 'dotenv'

import { projectRoot } from './paths'

let loaded = false

/** Reads `.env` from the project root once; variables already set in the environment win. */
export const loadEnv = (): void => {
  if (loaded) return
  loaded = true
  dotenv.config({ path: path.join(projectRoot, '.env'), quiet: true })
  // Outside production Payload refuses @payloadcms packages of another version than its own.
  // @payloadcms/storage-s3 (and plugin-cloud-storage) are published a patch release behind
  // payload; package.json's `overrides` give them this payload, and the unit test
  // test/unit/payloadVersions.test.ts holds every other @payloadcms package to payload's version.
  process.env.PAYLOAD_DISABLE_DEPENDENCY_CHECKER ??= 'true'
}

import path from 'node:path'

import dotenv from 'dotenv'

import { projectRoot } from './paths'

let loaded = false

/** Reads `.env` from the project root once; variables already set in the environment win. */
export const loadEnv = (): void => {
  if (loaded) return
  loaded = true
  dotenv.config({ path: path.join(projectRoot, '.env'), quiet: true })
}

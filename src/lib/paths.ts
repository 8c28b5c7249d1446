import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { settings } from './settings'

/** The project root (where package.json lives), whatever the working directory. */
export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** Git-ignored local state: embedded PostgreSQL data, generated secrets. Override with DATA_DIR. */
export const dataDir = (): string => path.resolve(projectRoot, settings('files').DATA_DIR)

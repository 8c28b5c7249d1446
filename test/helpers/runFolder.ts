/**
 * A folder of one test run's own (under .data), for what its files share: the prepared first
 * start of the browser files. The global teardown removes it.
 */
import fs from 'node:fs'
import path from 'node:path'

import { projectRoot } from '@/lib/paths'

/** One per run: the run's template database name is unique to it. */
const runKey = (): string => process.env.TEST_DATABASE_TEMPLATE ?? `pid-${process.ppid}`

export const runFolder = (...parts: string[]): string =>
  path.join(projectRoot, '.data', `run-${runKey()}`, ...parts)

export const removeRunFolder = (): void => fs.rmSync(runFolder(), { force: true, recursive: true })

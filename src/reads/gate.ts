/** Whether a commerce read is compiled: the COMPILED_READS switch, the collection's plan, and the fall back to Payload. */
import type { PayloadRequest } from 'payload'

import { cachedSetting } from '@/lib/cachedSetting'
import { logger } from '@/lib/logger'
import { compiledReadExcepted } from '@/lib/safeToCompile'
import { settings } from '@/lib/settings'

import { type Plan, planOf, Refusal } from './plan'

/**
 * Reads answered by a compiled statement since the process started, and of them the unfiltered
 * pages whose prepared statement was reused without Payload's SQL built again (tests check the
 * path taken).
 */
export const compiledReads = { reusedPages: 0, served: 0 }

const refusedOnce = new Set<string>()
/** Logged once per reason: which reads go through Payload, and why. */
export const fallBack = (why: string): undefined => {
  if (!refusedOnce.has(why)) {
    refusedOnce.add(why)
    logger.debug({ reason: why }, 'a commerce read is not compiled: Payload reads it')
  }
  return undefined
}

/** COMPILED_READS, parsed again only when the variable changes. */
const enabled = cachedSetting('COMPILED_READS', () => settings('database').COMPILED_READS)

/** The collection's read plan, or undefined when this read goes through Payload. */
export const planFor = (req: PayloadRequest, slug: string): Plan | undefined => {
  if (!enabled()) return undefined
  if (compiledReadExcepted(req))
    return fallBack('a request a read hook is not safe for (an SSN reveal)')
  const plan = planOf(req.payload, slug)
  return plan instanceof Refusal ? fallBack(plan.message) : plan
}

/** Runs `body`; a refusal found while building the statement makes the read Payload's. */
export const unlessRefused = async <T>(body: () => Promise<T>): Promise<T | undefined> => {
  try {
    return await body()
  } catch (error) {
    if (error instanceof Refusal) return fallBack(error.message)
    throw error
  }
}

/**
 * A throwaway service for the fuzz CLI, outside jest: the tests' own test service
 * (test/helpers/testService.ts: a database of its own, Payload's REST handlers behind our
 * Express app on a free port), with one caller of every kind and the demo data.
 */
import path from 'node:path'

import { startEmbeddedPostgres } from '@/db/embedded'
import { dataDir } from '@/lib/paths'

import type { Principal, PrincipalName } from '../helpers/principals'

const UNLIMITED = { points: 1_000_000_000, seconds: 60 }

export type LocalService = {
  close: () => Promise<void>
  url: string
  who: Record<PrincipalName, Principal>
}

/** Uses TEST_DATABASE_SERVER or DATABASE_URL's server, else a throwaway embedded PostgreSQL. */
export const startLocalService = async (): Promise<LocalService> => {
  process.env.PAYLOAD_SECRET ||= 'fuzz-secret-that-is-long-enough-for-payload-0123456789'
  process.env.DATA_DIR ||= path.join(dataDir(), 'fuzz-files')
  let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined
  if (!process.env.TEST_DATABASE_SERVER) {
    if (process.env.DATABASE_URL) process.env.TEST_DATABASE_SERVER = process.env.DATABASE_URL
    else {
      embedded = await startEmbeddedPostgres({
        dir: path.join(dataDir(), `fuzz-postgres-${process.pid}`),
        password: 'fuzz',
        throwaway: true,
      })
      process.env.TEST_DATABASE_SERVER = embedded.adminUrl
    }
  }
  // Imported only now: the configuration reads the environment set above when it loads.
  const { startTestService } = await import('../helpers/testService')
  const { createPrincipals } = await import('../helpers/principals')
  const service = await startTestService({
    rateLimits: { api: UNLIMITED, auth: UNLIMITED, commerce: UNLIMITED, credentials: UNLIMITED },
    seed: true,
  })
  const who = await createPrincipals(service.payload)
  return {
    close: async () => {
      await service.close()
      await embedded?.stop()
    },
    url: service.url,
    who,
  }
}

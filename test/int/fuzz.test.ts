/**
 * Property-based HTTP fuzzing of every route and method (test/fuzz): random and mutated bodies,
 * queries, where trees, ids, headers, content types, encodings and every kind of caller, against
 * the service on real PostgreSQL. Every answer: below 500, no stack trace, no unmasked SSN, no
 * seeded birth date to a caller that may not read credit records, a request id, the security
 * headers. Fixed seed (FUZZ_SEED overrides; FUZZ_RUNS the count); a longer campaign:
 * `npm run fuzz -- --runs 3000`.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals'

import { logger } from '@/lib/logger'

import { report, runCampaign } from '../fuzz/campaign'
import { contextFromPrincipals } from '../fuzz/context'
import { createPrincipals, type Principal, type PrincipalName } from '../helpers/principals'
import { startTestService, type TestService } from '../helpers/service'

const SEED = Number(process.env.FUZZ_SEED ?? 20_240_611)
const RUNS = Number(process.env.FUZZ_RUNS ?? 400)
const UNLIMITED = { points: 1_000_000_000, seconds: 60 }

let service: TestService
let who: Record<PrincipalName, Principal>
const level = logger.level

beforeAll(async () => {
  service = await startTestService({
    rateLimits: { api: UNLIMITED, auth: UNLIMITED, commerce: UNLIMITED, credentials: UNLIMITED },
    seed: true,
  })
  who = await createPrincipals(service.payload)
  // Hundreds of refused requests: the service's own log lines would bury the report.
  logger.level = process.env.FUZZ_LOG_LEVEL ?? 'fatal'
}, 120_000)

afterAll(async () => {
  logger.level = level
  await service?.close()
})

it(`answers ${RUNS} fuzzed requests without a 5xx, a stack trace or a leak (seed ${SEED})`, async () => {
  const result = await runCampaign({
    baseUrl: service.url,
    context: contextFromPrincipals(who),
    inProcess: true,
    runs: RUNS,
    seed: SEED,
  })
  if (result.failures.length) {
    throw new Error(
      `${result.failures.length} of ${RUNS} answers broke a rule (seed ${SEED}; FUZZ_SEED=${SEED} replays it)\n\n${report(service.url, result, { groups: 60, perGroup: 2 })}`,
    )
  }
  expect(result.failures).toEqual([])
}, 300_000)

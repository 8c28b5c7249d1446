import { afterAll, beforeAll } from '@jest/globals'

import { seedDemoData } from '@/seed'

import { createPrincipals, type Principal, type PrincipalName } from './principals'
import { startTestService, type TestService } from './testService'

export { startTestService, type TestService }

/** Starting, signing callers in and seeding take seconds, but minutes on a machine running much else. */
const START_MS = 180_000

export type TestContext = { service: TestService; who: Record<PrincipalName, Principal> }

/**
 * Starts a test service before the file's tests and closes it after them; with `principals`,
 * also one caller of every kind (`who.staff`, `who.integrator`, …); with `seed`, the demo data.
 */
export const useTestService = ({
  principals = false,
  seed = false,
} = {}): Readonly<TestContext> => {
  const context = {} as TestContext
  beforeAll(async () => {
    context.service = await startTestService()
    if (principals) context.who = await createPrincipals(context.service.payload)
    if (seed) await seedDemoData(context.service.payload)
  }, START_MS)
  afterAll(async () => {
    await context.service?.close()
  })
  return context
}

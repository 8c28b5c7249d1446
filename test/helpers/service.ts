import { afterAll, beforeAll } from '@jest/globals'

import { createPrincipals, type Principal, type PrincipalName } from './principals'
import { startTestService, type TestService } from './testService'

export { startTestService, type TestService }

/** Starting, signing callers in and seeding take seconds, but minutes on a machine running much else. */
const START_MS = 180_000

export type TestContext = { service: TestService; who: Record<PrincipalName, Principal> }

/**
 * Starts a test service before the file's tests and closes it after them; with `seed`, on the
 * demo data; with `principals`, also one caller of every kind (`who.staff`, `who.integrator`, …),
 * made after the demo data.
 */
export const useTestService = ({
  principals = false,
  seed = false,
} = {}): Readonly<TestContext> => {
  const context = {} as TestContext
  beforeAll(async () => {
    context.service = await startTestService({ seed })
    if (principals) context.who = await createPrincipals(context.service.payload)
  }, START_MS)
  afterAll(async () => {
    await context.service?.close()
  })
  return context
}

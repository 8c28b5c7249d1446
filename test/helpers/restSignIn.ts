/**
 * A staff user signing in over REST as the admin UI's sign-in page does: the first sign-in of an
 * account that must have a second factor sets one up (the key the refusal offers, a code computed
 * here); later sign-ins send a fresh code. Factors are kept with the browser's (./adminSignIn.ts).
 */
import type { Page } from 'playwright-core'

import { factors, freshCode, newFactor } from './adminSignIn'
import { type JsonResponse, sendJson } from './http'
import type { TestService } from './testService'

type Login = { email: string; password: string }

/** The sign-in through `send` (one POST of /api/users/login), its second factor included. */
const signInWith = async <Answer extends { body: any; status: number }>(
  send: (body: Record<string, unknown>) => Promise<Answer>,
  who: Login,
): Promise<Answer> => {
  const known = factors.get(who.email)
  const code = known && freshCode(known)
  const answer = await send({ ...who, ...(code && { code }) })
  const asked = answer.body?.errors?.[0]?.data
  if (answer.status !== 401 || asked?.mfa !== 'enrol') return answer
  const factor = newFactor(asked.secret)
  const enrolled = await send({
    ...who,
    code: freshCode(factor),
    enrolmentToken: asked.enrolmentToken,
  })
  if (enrolled.status === 200) {
    factor.recoveryCodes = enrolled.body.user.recoveryCodes
    factors.set(who.email, factor)
  }
  return enrolled
}

/** The answer of the sign-in that issued the session (or of the refusal, when there is one). */
export const signInOverRest = (service: TestService, who: Login): Promise<JsonResponse> =>
  signInWith((body) => sendJson(service, 'POST', '/api/users/login', { body }), who)

/**
 * Signs `page`'s browser context in over REST (its cookie is the context's): for tests of what a
 * signed-in person sees, where the sign-in page itself is not under test (adminSignIn.ts drives
 * that page). Fails when the sign-in is refused.
 */
export const signInPageOverRest = async (page: Page, baseUrl: string, who: Login) => {
  const answer = await signInWith(async (body) => {
    const response = await page.request.post(`${baseUrl}/api/users/login`, { data: body })
    return { body: await response.json().catch(() => null), status: response.status() }
  }, who)
  if (answer.status !== 200)
    throw new Error(
      `${who.email} was not signed in (${answer.status}): ${JSON.stringify(answer.body)}`,
    )
}

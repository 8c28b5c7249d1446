/**
 * A staff user signing in over REST as the admin UI's sign-in page does: the first sign-in of an
 * account that must have a second factor sets one up (the key the refusal offers, a code computed
 * here); later sign-ins send a fresh code. Factors are kept with the browser's (./adminSignIn.ts).
 */
import { factors, freshCode, newFactor } from './adminSignIn'
import { type JsonResponse, sendJson } from './http'
import type { TestService } from './testService'

/** The answer of the sign-in that issued the session (or of the refusal, when there is one). */
export const signInOverRest = async (
  service: TestService,
  who: { email: string; password: string },
): Promise<JsonResponse> => {
  const send = (body: Record<string, unknown>) =>
    sendJson(service, 'POST', '/api/users/login', { body })
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

/** The admin UI's own calls to the REST API, as the signed-in user (session cookie). */
import { errorMessageOf } from '@/lib/answerBody'

export type Answer<T> = { body: T; ok: boolean; status: number }

const UNREACHABLE = 'The service could not be reached. Check the connection and try again.'

export const call = async <T>(
  url: string,
  { body, method = 'GET' }: { body?: unknown; method?: string } = {},
): Promise<Answer<T>> => {
  const response = await fetch(url, {
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    method,
  }).catch(() => null)
  // No answer at all (offline, the service restarting): a refusal the form shows, never a stuck button.
  if (!response) return { body: { errors: [{ message: UNREACHABLE }] } as T, ok: false, status: 0 }
  const parsed = (await response.json().catch(() => ({}))) as T
  return { body: parsed, ok: response.ok, status: response.status }
}

/** The message of a Payload error answer (`{errors: [{message}]}`). */
export const errorOf = (answer: Answer<unknown>): string =>
  errorMessageOf(answer.body) ?? `The request failed (${answer.status}).`

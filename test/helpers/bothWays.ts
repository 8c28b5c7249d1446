import { afterAll } from '@jest/globals'

import { sendJson } from './http'
import { normalised } from './normalised'
import type { TestService } from './service'
import { statementKind } from './statements'

/** A compiled write's switch and the count of the writes it answered (src/flows). */
export type CompiledSwitch = { enabled: boolean; served: number }

/**
 * Sends the same request with the compiled write off (Payload's write), then on: each side as
 * `side` describes what it answered and left, with how many writes the compiled path served. The
 * switch is left on, and is put back on after the file whatever happens.
 */
export const bothWaysWith = <A extends unknown[], S>(
  compiled: CompiledSwitch,
  side: (...args: A) => Promise<S>,
) => {
  afterAll(() => {
    compiled.enabled = true
  })
  return async (
    ...args: A
  ): Promise<{ compiled: S & { served: number }; payload: S & { served: number } }> => {
    const sides: (S & { served: number })[] = []
    for (const enabled of [false, true]) {
      compiled.enabled = enabled
      const before = compiled.served
      const described = await side(...args)
      sides.push({ ...described, served: compiled.served - before })
    }
    compiled.enabled = true
    return { compiled: sides[1], payload: sides[0] }
  }
}

/** The answer's headers, but those of the moment (date, request id, rate limit, length, ETag's value). */
export const lastingHeaders = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !/^(date|x-request-id|ratelimit-.*|content-length)$/.test(name))
      .map(([name, value]) => [name, name === 'etag' ? 'ETAG' : value]),
  )

/**
 * A REST create as one side of bothWaysWith: its status, lasting headers, answer with ids and
 * times named, the record's keys in order, and what `written` finds it left. With `embedded`,
 * every id of the answer is SERIAL (an embedded record's id may be the new record's).
 */
export const restCreate = (
  service: TestService,
  path: string,
  request: { body: unknown; headers: Record<string, string> },
  written: (id: number) => Promise<unknown>,
  embedded = false,
) => restWrite(service, 'POST', path, request, written, { embedded })

/**
 * A REST write as one side of bothWaysWith (restCreate's figures); a PATCH names its record's `id`,
 * whose rows `written` reads whatever the answer.
 */
export const restWrite = async (
  service: TestService,
  method: 'PATCH' | 'POST',
  path: string,
  request: { body: unknown; headers: Record<string, string> },
  written: (id: number) => Promise<unknown>,
  { embedded = false, id: known }: { embedded?: boolean; id?: number } = {},
) => {
  const response = await sendJson(service, method, path, request)
  const id: number | undefined = known ?? response.body?.doc?.id
  return {
    answer: normalised(response.body, embedded ? -1 : id, 'RECORD'),
    headers: lastingHeaders(response.headers),
    keys: Object.keys(response.body?.doc ?? {}),
    status: response.status,
    written: id === undefined ? null : await written(id),
  }
}

/**
 * The statements `send` makes by kind (statementKind), with the compiled write off, then on; an
 * API key's lookup, sent when its cache refreshes, is not the write's and is left out.
 */
export const kindsBothWays = async (
  compiled: CompiledSwitch,
  counted: { sent: string[] },
  send: () => Promise<{ status: number }>,
): Promise<{ false: string[]; true: string[] }> => {
  const kinds = { false: [] as string[], true: [] as string[] }
  for (const enabled of [false, true] as const) {
    compiled.enabled = enabled
    counted.sent = []
    const { status } = await send()
    if (status >= 300) throw new Error(`the write answered ${status}`)
    kinds[`${enabled}`] = counted.sent
      .map(statementKind)
      .filter((kind) => kind !== 'select api_clients')
  }
  compiled.enabled = true
  return kinds
}

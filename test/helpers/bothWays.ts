import { afterAll } from '@jest/globals'

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

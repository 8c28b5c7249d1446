/**
 * SQL expressions the generator builds rows from. Each row is made from its index `g` in a
 * `generate_series`, so a chunk of rows is one statement and a record's id can be worked out
 * again wherever another record refers to it, without reading it back.
 */
import pg from 'pg'

export const literal = (value: string): string => pg.escapeLiteral(value)

/** A deterministic, evenly spread non-negative integer from an index and a salt. */
export const mix = (index: string, salt: string): string =>
  `(hashtext((${index})::text || ${literal(salt)}) & 2147483647)`

/** One element of `list`, chosen by the integer expression `index`. */
export const pick = (list: readonly string[], index: string): string =>
  `(ARRAY[${list.map(literal).join(',')}])[1 + (${index}) % ${list.length}]`

/** One element of `list` for row `index`, spread by `salt` (two picks with two salts are independent). */
export const pickFor = (list: readonly string[], index: string, salt: string): string =>
  pick(list, mix(index, salt))

/**
 * The prefixed id of row `index` of this run, e.g. `con_` + 20 hex characters: valid for the
 * collection's id pattern, unique across runs through the run's `seed`.
 */
export const idOf = (seed: string, prefix: string, index: string, salt = prefix): string =>
  `${literal(prefix)} || substr(md5(${literal(`${seed}:${salt}:`)} || (${index})), 1, 20)`

/** A time within the last two years, spread by the row index (created_at and updated_at). */
export const pastTime = (index: string): string =>
  `(now() - (${mix(index, 'time')} % 63072000) * interval '1 second')`

/** A US phone number in the contract's pattern, e.g. `(415) 555-0123`. */
export const phoneOf = (index: string): string =>
  `'(' || (201 + ${mix(index, 'area')} % 780) || ') 555-' || lpad((${mix(index, 'line')} % 10000)::text, 4, '0')`

/** `from generate_series` over the chunk's rows: `$1` first index, `$2` one past the last. */
export const series = 'generate_series($1::int, $2::int - 1) AS g'

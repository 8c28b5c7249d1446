/** States, cities and addresses: what consumers', customers' and companies' addresses point at. */
import type pg from 'pg'

import { idOf, pastTime, pick, pickFor, series } from './sql'
import { CHUNK, type Context, statement, type Step } from './step'
import { cities, states, streets } from './vocabulary'

const cityNames = [cities.map(([name]) => name), cities.map(([, state]) => state)]

/** Every state and the cities of the word list; those that exist already are kept. */
export const addStatesAndCities = async (db: pg.ClientBase, seed: string): Promise<number> => {
  const addedStates = await db.query(
    `INSERT INTO state (id, code, name) SELECT code, code, name
     FROM unnest($1::text[], $2::text[]) AS s(code, name) ON CONFLICT DO NOTHING`,
    [states.map(([code]) => code), states.map(([, name]) => name)],
  )
  const addedCities = await db.query(
    `INSERT INTO city (id, name, state_id)
     SELECT ${idOf(seed, 'cty_', 'n')}, name, state FROM unnest($1::text[], $2::text[])
     WITH ORDINALITY AS c(name, state, n) ON CONFLICT (state_id, name) DO NOTHING`,
    cityNames,
  )
  return (addedStates.rowCount ?? 0) + (addedCities.rowCount ?? 0)
}

/** Numbers the word list's cities in `gen_city`, for this session, so steps pick one by number. */
export const numberCities = async (db: pg.ClientBase): Promise<void> => {
  await db.query(
    `CREATE TEMP TABLE gen_city AS
     SELECT (row_number() OVER (ORDER BY c.id))::int - 1 AS n, c.id, c.name, c.state_id
     FROM city c JOIN unnest($1::text[], $2::text[]) AS u(name, state)
     ON c.name = u.name AND c.state_id = u.state`,
    cityNames,
  )
}

/** The city of row `index`, joined as `city` (its id, name and state code). */
export const cityJoin = (index: string): string =>
  `JOIN gen_city AS city ON city.n = (${index}) % ${cities.length}`

/** A street line such as `1458 Oak Ave`. */
export const streetLine = (index: string): string =>
  `(100 + (${index}) % 9800) || ' ' || ${pickFor(streets, index, 'street')}`

/** A five-digit ZIP code. */
export const zipOf = (index: string): string => `lpad((${index} * 7919 % 99999 + 1)::text, 5, '0')`

/** The id of the address of row `index` of an owner (`con` or `cus`): one address each. */
export const addressId = (seed: string, owner: string, index: string): string =>
  idOf(seed, 'adr_', index, `adr_${owner}`)

/** One address for each of `rows` owners; every fourth with a second line. */
export const addresses = ({ seed }: Context, owner: string, rows: number): Step => ({
  chunk: CHUNK,
  rows,
  table: 'address',
  write: statement(
    `INSERT INTO address (id, line1, line2, zip, city_id, created_at, updated_at)
     SELECT ${addressId(seed, owner, 'g')}, ${streetLine('g')},
       CASE WHEN g % 4 = 0 THEN ${pick(['Apt ', 'Suite ', 'Unit '], 'g')} || (1 + g % 40) END,
       ${zipOf('g')}, city.id, ${pastTime('g')}, ${pastTime('g')}
     FROM ${series} ${cityJoin('g')}`,
  ),
})

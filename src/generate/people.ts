/** Consumers (with encrypted birth dates and SSNs) and customers, each with an address and a phone. */
import crypto from 'node:crypto'

import { newDataKey, sealWithKey } from '@/creditData/consumerKeys'

import { addresses, addressId } from './places'
import { idOf, pastTime, phoneOf, pickFor, series } from './sql'
import { CHUNK, type ChunkWriter, type Context, inOrder, statement, type Step } from './step'
import { firstNames, lastNames } from './vocabulary'

const pad = (value: number, width: number) => String(value).padStart(width, '0')

const birthDateOf = (i: number) =>
  `${1950 + (i % 55)}-${pad(1 + ((i * 7) % 12), 2)}-${pad(1 + ((i * 13) % 28), 2)}`

// Area numbers 900–999 are never issued as SSNs: no generated value is a real person's.
const ssnOf = (i: number) =>
  `9${pad(i % 100, 2)}-${pad(1 + ((i * 31) % 99), 2)}-${pad(i % 10_000, 4)}`

const first = (index: string) => pickFor(firstNames, index, 'first')
const last = (index: string) => pickFor(lastNames, index, 'last')

/** Its phone number again, as the record's `phoneNumbers` list. */
const phoneList = (seed: string, table: string, prefix: string) =>
  statement(
    `INSERT INTO ${table}_texts ("order", parent_id, path, text)
     SELECT 1, ${idOf(seed, prefix, 'g')}, 'phoneNumbers', ${phoneOf('g')} FROM ${series}`,
  )

/** The link to the address generated for it. */
const addressLink = (seed: string, table: string, prefix: string, owner: string) =>
  statement(
    `INSERT INTO ${table}_rels ("order", parent_id, path, address_id)
     SELECT 1, ${idOf(seed, prefix, 'g')}, 'addresses', ${addressId(seed, owner, 'g')} FROM ${series}`,
  )

/**
 * Birth date and SSN are sealed here as the service seals a consumer's values: with the
 * consumer's own data key (stored wrapped in `consumer_data_keys`), then with the master key.
 */
const insertConsumers =
  (seed: string): ChunkWriter =>
  async (db, from, to) => {
    const birthDates: string[] = []
    const ssns: string[] = []
    const ids: string[] = []
    const wrappedKeys: string[] = []
    for (let i = from; i < to; i++) {
      const id = consumerIdOf(seed, i)
      const { key, wrapped } = newDataKey(id)
      ids.push(id)
      wrappedKeys.push(wrapped)
      birthDates.push(sealWithKey(key, id, birthDateOf(i), 'birthDate'))
      ssns.push(sealWithKey(key, id, ssnOf(i), 'ssn'))
    }
    // The keys in the same statement: a chunk is written whole or not at all.
    const result = await db.query(
      `WITH keys AS (
         INSERT INTO consumer_data_keys (consumer, wrapped)
         SELECT * FROM unnest($4::text[], $5::text[]))
       INSERT INTO consumer
         (id, first_name, last_name, birth_date, phone_number, email, ssn, created_at, updated_at)
       SELECT ${idOf(seed, 'con_', 'g')}, first, last, birth, ${phoneOf('g')},
         lower(first || '.' || last || '.' || g) || '@example.com', ssn, ${pastTime('g')},
         ${pastTime('g')}
       FROM (SELECT g, ${first('g')} AS first, ${last('g')} AS last, birth, ssn
             FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS e(birth, ssn, i),
             LATERAL (SELECT $1::int + i::int - 1 AS g) AS r) AS c`,
      [from, birthDates, ssns, ids, wrappedKeys],
    )
    return result.rowCount ?? 0
  }

/**
 * The id `consumerId` gives row `i`, worked out in JS (the seal names its consumer); the
 * generate test checks that every consumer has its key.
 */
const consumerIdOf = (seed: string, i: number) =>
  `con_${crypto.createHash('md5').update(`${seed}:con_:${i}`).digest('hex').slice(0, 20)}`

/** The id of the consumer of row `index` of this run. */
export const consumerId = (seed: string, index: string): string => idOf(seed, 'con_', index)

export const consumers = (context: Context): Step[] => {
  const { seed, sizes } = context
  return [
    addresses(context, 'con', sizes.consumers),
    {
      chunk: 20_000,
      rows: sizes.consumers,
      table: 'consumer',
      write: inOrder(
        insertConsumers(seed),
        phoneList(seed, 'consumer', 'con_'),
        addressLink(seed, 'consumer', 'con_', 'con'),
      ),
    },
  ]
}

export const customers = (context: Context): Step[] => {
  const { seed, sizes } = context
  return [
    addresses(context, 'cus', sizes.customers),
    {
      chunk: CHUNK,
      rows: sizes.customers,
      table: 'customer',
      write: inOrder(
        statement(
          `INSERT INTO customer (id, name, created_at, updated_at)
           SELECT ${idOf(seed, 'cus_', 'g')}, ${first('g')} || ' ' || ${last('g')},
             ${pastTime('g')}, ${pastTime('g')}
           FROM ${series}`,
        ),
        phoneList(seed, 'customer', 'cus_'),
        addressLink(seed, 'customer', 'cus_', 'cus'),
      ),
    },
  ]
}

/**
 * Credit bands, pre-approvals and credit apps: one pre-approval per app, for the app's consumer.
 * An app's applicant fields are its consumer's; its SSN and birth date are the consumer's
 * ciphertexts (bound to the same field names, so they decrypt as the app's).
 */
import { consumerId } from './people'
import { idOf, mix, pastTime, series } from './sql'
import { CHUNK, type Context, inOrder, statement, type Step } from './step'
import { vehicleCount, vehicleId } from './vehicles'

const bands = [
  { max: 850, min: 781, name: 'Super prime', prime: true },
  { max: 780, min: 661, name: 'Prime', prime: true },
  { max: 660, min: 601, name: 'Near prime', prime: false },
  { max: 600, min: 300, name: 'Subprime', prime: false },
  { max: null, min: null, name: 'No score', prime: false },
]

export const credit = ({ seed, sizes }: Context): Step[] => {
  const band = (index: string) => idOf(seed, 'crb_', index)
  const preApproval = (index: string) => idOf(seed, 'pre_', index)
  const consumer = consumerId(seed, `g % ${sizes.consumers}`)
  return [
    {
      chunk: 1,
      rows: 1,
      table: 'credit_band',
      write: async (db) =>
        (
          await db.query(
            `INSERT INTO credit_band (id, name, minimum_credit_score, maximum_credit_score,
               is_unknown, is_n_s, is_prime)
             SELECT ${band('b.n - 1')}, b.name, b.min, b.max, b.min IS NULL, b.min IS NULL, b.prime
             FROM ROWS FROM (jsonb_to_recordset($1::jsonb)
               AS (name text, min int, max int, prime boolean)) WITH ORDINALITY
               AS b(name, min, max, prime, n)`,
            [JSON.stringify(bands)],
          )
        ).rowCount ?? 0,
    },
    {
      chunk: CHUNK,
      rows: sizes.creditApps,
      table: 'credit_app',
      write: inOrder(
        statement(
          `INSERT INTO pre_approval (id, valid_until_time, credit_band_id, consumer_id,
             created_at, updated_at)
           SELECT ${preApproval('g')}, now() + (${mix('g', 'valid')} % 120 - 30) * interval '1 day',
             ${band(`${mix('g', 'band')} % ${bands.length}`)}, ${consumer}, ${pastTime('g')},
             ${pastTime('g')}
           FROM ${series}`,
        ),
        statement(
          `INSERT INTO credit_app (id, pre_approval_id, consumer_id, vehicle_id, provider,
             to_provider, first_name, last_name, ssn, email, phone_number, birth_date,
             created_at, updated_at)
           SELECT ${idOf(seed, 'crapp_', 'g')}, ${preApproval('g')}, c.id,
             ${vehicleId(seed, `g % ${vehicleCount(sizes.creditApps)}`)},
             (CASE WHEN g % 2 = 0 THEN 'provider_a' ELSE 'provider_b' END)::enum_credit_provider,
             false, c.first_name, c.last_name, c.ssn, c.email, c.phone_number, c.birth_date,
             ${pastTime('g')}, ${pastTime('g')}
           FROM ${series}
           JOIN consumer c ON c.id = ${consumer}`,
        ),
      ),
    },
  ]
}

/** Vehicle specs (one per model of the word list) and vehicles, one for every two credit apps. */
import crypto from 'node:crypto'

import { idOf } from './sql'
import { CHUNK, type Context, type Step } from './step'
import { makeVin } from './vins'
import { vehicleModels } from './vocabulary'

const specId = (seed: string, index: string) => idOf(seed, 'vs_', index)

/** Vehicles needed for this many credit apps. */
export const vehicleCount = (creditApps: number): number => Math.ceil(creditApps / 2)

/**
 * Vehicles of row `i` get VIN serial numbers from a point that depends on the seed, so two runs
 * rarely pick the same VIN (one that exists already is kept, and the credit apps use it). The
 * VINs are listed in `gen_vehicle` for this session: set-based SQL cannot work out check digits.
 */
export const vehicles = ({ seed, sizes }: Context): Step[] => {
  const start = crypto.createHash('sha256').update(seed).digest().readUInt32BE(0) % 1_000_000
  const models = vehicleModels.length
  return [
    {
      chunk: 1,
      rows: 1,
      table: 'vehicle_spec',
      write: async (db) => {
        await db.query('DROP TABLE IF EXISTS gen_vehicle')
        await db.query('CREATE TEMP TABLE gen_vehicle (n int PRIMARY KEY, id text NOT NULL)')
        const result = await db.query(
          `INSERT INTO vehicle_spec (id, year, make, model, engine, drivetrain, body_style,
             transmission, squish_vin, msrp, invoice)
           SELECT ${specId(seed, 'n - 1')}, m.year, m.make, m.model, m.engine, m.drivetrain,
             m.body_style, m.transmission, m.prefix, 24000 + n * 3100, 22500 + n * 2900
           FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS (prefix text, year int, make text,
             model text, engine text, drivetrain text, body_style text, transmission text))
             WITH ORDINALITY AS m(prefix, year, make, model, engine, drivetrain, body_style,
             transmission, n)`,
          [JSON.stringify(vehicleModels.map((m) => ({ ...m, body_style: m.bodyStyle })))],
        )
        return result.rowCount ?? 0
      },
    },
    {
      chunk: CHUNK,
      rows: vehicleCount(sizes.creditApps),
      table: 'vehicle',
      write: async (db, from, to) => {
        const vins = Array.from({ length: to - from }, (_, k) =>
          makeVin((from + k) % models, start + Math.floor((from + k) / models)),
        )
        await db.query(
          `INSERT INTO gen_vehicle (n, id)
           SELECT $1::int + i::int - 1, vin FROM unnest($2::text[]) WITH ORDINALITY AS v(vin, i)`,
          [from, vins],
        )
        const result = await db.query(
          `INSERT INTO vehicle (id, vin, year, make, model, engine, drivetrain, body_style,
             transmission, seat_count, door_count, interior_color, exterior_color, spec_id)
           SELECT v.id, v.id, s.year, s.make, s.model, s.engine, s.drivetrain, s.body_style,
             s.transmission, 5, 4,
             (ARRAY['Black', 'Gray', 'Beige'])[1 + v.n % 3],
             (ARRAY['White', 'Black', 'Silver', 'Blue', 'Red'])[1 + v.n % 5], s.id
           FROM gen_vehicle v JOIN vehicle_spec s ON s.id = ${specId(seed, `v.n % ${models}`)}
           WHERE v.n >= $1 AND v.n < $2
           ON CONFLICT DO NOTHING`,
          [from, to],
        )
        return result.rowCount ?? 0
      },
    },
  ]
}

/** Vehicle specs (one per model of the word list) and vehicles, one for every two credit apps. */
import crypto from 'node:crypto'

import { idOf, series } from './sql'
import { CHUNK, type Context, statement, type Step } from './step'
import { vinSql } from './vins'
import { vehicleModels } from './vocabulary'

const specId = (seed: string, index: string) => idOf(seed, 'vs_', index)

/** Vehicles needed for this many credit apps. */
export const vehicleCount = (creditApps: number): number => Math.ceil(creditApps / 2)

/**
 * The VIN of vehicle `index` of this run. Serial numbers start at a point that depends on the
 * seed, so two runs rarely pick the same VIN; one that exists already is kept, and the credit
 * apps use it.
 */
export const vehicleId = (seed: string, index: string): string =>
  vinSql(index, crypto.createHash('sha256').update(seed).digest().readUInt32BE(0) % 1_000_000)

export const vehicles = ({ seed, sizes }: Context): Step[] => [
  {
    chunk: 1,
    rows: 1,
    table: 'vehicle_spec',
    write: async (db) =>
      (
        await db.query(
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
      ).rowCount ?? 0,
  },
  {
    chunk: CHUNK,
    rows: vehicleCount(sizes.creditApps),
    table: 'vehicle',
    write: statement(
      `INSERT INTO vehicle (id, vin, year, make, model, engine, drivetrain, body_style,
         transmission, seat_count, door_count, interior_color, exterior_color, spec_id)
       SELECT v.vin, v.vin, s.year, s.make, s.model, s.engine, s.drivetrain, s.body_style,
         s.transmission, 5, 4, (ARRAY['Black', 'Gray', 'Beige'])[1 + g % 3],
         (ARRAY['White', 'Black', 'Silver', 'Blue', 'Red'])[1 + g % 5], s.id
       FROM ${series}
       CROSS JOIN LATERAL (SELECT ${vehicleId(seed, 'g')} AS vin) AS v
       JOIN vehicle_spec s ON s.id = ${specId(seed, `g % ${vehicleModels.length}`)}
       ON CONFLICT DO NOTHING`,
    ),
  },
]

/**
 * A VDP e-mail recorded by an admin key: `POST /api/vdpEmails` of a random lead and three random
 * VINs, against the baseline's hand-written transaction of the same create (bench/http/baseline.ts):
 * the row, its VIN rows, its first version and the version's VIN rows, answered at depth 2. The
 * leads are the lead events' (bench/http/leadEvents.ts); the VINs are loaded here, each of a
 * generated vehicle.
 */
import type pg from 'pg'

import { makeVin } from '@/generate/vins'

import type { Request } from './load'
import type { Workload } from './workloads'

export const VDP_EMAIL_WORKLOAD = 'POST /api/vdpEmails (a VDP e-mail, by an admin key)'

/** How many VINs the e-mails pick from. */
const VINS = 2_000

/** The leads' ids and `VINS` VINs' ids (each naming a vehicle of the generated set, if any). */
export const loadVdpInputs = async (
  db: pg.Client,
): Promise<{ leads: number[]; vins: number[] }> => {
  const values = Array.from({ length: VINS }, (_, n) => makeVin(n % 50, 500_000 + n))
  const { rows: vins } = await db.query<{ id: number }>(
    `INSERT INTO vin (vin, vehicle_id, created_at, updated_at)
     SELECT v, (SELECT id FROM vehicle ORDER BY id OFFSET n % greatest(1, (SELECT count(*) FROM vehicle)) LIMIT 1),
            now(), now()
       FROM unnest($1::text[]) WITH ORDINALITY AS t(v, n)
     RETURNING id`,
    [values],
  )
  const { rows: leads } = await db.query<{ id: number }>('SELECT id FROM lead ORDER BY id')
  await db.query('ANALYZE vin')
  return { leads: leads.map((row) => row.id), vins: vins.map((row) => row.id) }
}

const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]

/** The request body of a create: a random lead and three distinct random VINs. */
export const vdpEmailBody = (leads: number[], vins: number[]): string => {
  const chosen = new Set<number>()
  while (chosen.size < Math.min(3, vins.length)) chosen.add(pick(vins))
  return JSON.stringify({ lead: pick(leads), vins: [...chosen] })
}

export const vdpEmailWorkload = (
  inputs: { leads: number[]; vins: number[] },
  authorization: string,
): Workload => {
  const next = (path: string, headers?: Record<string, string>) => (): Request => ({
    body: vdpEmailBody(inputs.leads, inputs.vins),
    headers,
    method: 'POST',
    path,
  })
  return {
    name: VDP_EMAIL_WORKLOAD,
    targets: [
      { label: 'service', on: 'service', request: next('/api/vdpEmails', { authorization }) },
      { label: 'baseline', on: 'baseline', request: next('/vdp-emails') },
    ],
  }
}

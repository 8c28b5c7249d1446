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

export const VDP_PATCH_WORKLOAD = 'PATCH /api/vdpEmails/{id} (its VINs, by a lead agent)'

/** How many VDP e-mails the patches pick from. */
const EMAILS = 2_000

/**
 * `EMAILS` VDP e-mails as the create leaves them: a random lead, three random VINs, the first
 * version and its VIN rows. Their ids.
 */
export const loadVdpEmails = async (
  db: pg.Client,
  inputs: { leads: number[]; vins: number[] },
): Promise<number[]> => {
  const leads = Array.from({ length: EMAILS }, () => pick(inputs.leads))
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO vdp_emails (title, lead_id, vin_count, updated_at, created_at)
     SELECT 'VDP e-mail · 3 VINs', lead, '3', now(), now() FROM unnest($1::int[]) AS lead
     RETURNING id`,
    [leads],
  )
  const emails = rows.map((row) => row.id)
  const rels = emails.flatMap((id) =>
    (JSON.parse(vdpEmailBody([id], inputs.vins)) as { vins: number[] }).vins.map(
      (vin, n) => [id, n + 1, vin] as const,
    ),
  )
  await db.query(
    `INSERT INTO vdp_emails_rels (parent_id, "order", path, vin_id)
     SELECT parent, ord, 'vins', vin FROM unnest($1::int[], $2::int[], $3::int[]) AS r(parent, ord, vin)`,
    [rels.map((rel) => rel[0]), rels.map((rel) => rel[1]), rels.map((rel) => rel[2])],
  )
  await db.query(
    `WITH version AS (
       INSERT INTO _vdp_emails_v (parent_id, version_title, version_lead_id, version_vin_count,
         version_updated_at, version_created_at, version_dealership_id, created_at, updated_at)
       SELECT id, title, lead_id, vin_count, updated_at, created_at, dealership_id, now(), now()
         FROM vdp_emails WHERE id = ANY($1::int[])
       RETURNING id, parent_id)
     INSERT INTO _vdp_emails_v_rels ("order", parent_id, path, vin_id)
     SELECT r."order", version.id, 'version.vins', r.vin_id
       FROM version JOIN vdp_emails_rels r ON r.parent_id = version.parent_id`,
    [emails],
  )
  await db.query('ANALYZE vdp_emails, vdp_emails_rels, _vdp_emails_v, _vdp_emails_v_rels')
  return emails
}

/** A patch: a random e-mail's VINs replaced by three distinct random ones. */
export const vdpPatchWorkload = (
  inputs: { emails: number[]; vins: number[] },
  authorization: string,
): Workload => {
  const next = (path: (id: number) => string, headers?: Record<string, string>) => (): Request => ({
    body: JSON.stringify({ vins: JSON.parse(vdpEmailBody([0], inputs.vins)).vins }),
    headers,
    method: 'PATCH',
    path: path(pick(inputs.emails)),
  })
  return {
    name: VDP_PATCH_WORKLOAD,
    targets: [
      {
        label: 'service',
        on: 'service',
        request: next((id) => `/api/vdpEmails/${id}`, { authorization }),
      },
      { label: 'baseline', on: 'baseline', request: next((id) => `/vdp-emails/${id}`) },
    ],
  }
}

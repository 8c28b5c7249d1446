/**
 * What a write of VDP e-mail `id` left in the database, for comparing twin writes
 * (test/int/vdpEmailCreate.test.ts, vdpEmailPatch.test.ts): its row, VIN rows, versions and
 * theirs, the record's own id named `RECORD`.
 */
import { normalised } from './normalised'
import type { TestService } from './service'

export const vdpEmailWritten = (service: () => TestService) => async (id: number) => {
  const db = service().payload.db.pool
  const rows = async (text: string) => (await db.query(text, [id])).rows
  const versions = await rows('SELECT * FROM _vdp_emails_v WHERE parent_id = $1 ORDER BY id')
  return normalised(
    {
      rels: await rows(
        'SELECT "order", path, vin_id FROM vdp_emails_rels WHERE parent_id = $1 ORDER BY "order"',
      ),
      row: (await rows('SELECT * FROM vdp_emails WHERE id = $1'))[0],
      versionRels: await rows(
        `SELECT r."order", r.path, r.vin_id FROM _vdp_emails_v_rels r
           JOIN _vdp_emails_v v ON v.id = r.parent_id
          WHERE v.parent_id = $1 ORDER BY v.id, r."order"`,
      ),
      versions: versions.map(({ id: _id, parent_id: parent, ...version }) => ({
        ...version,
        parent: parent === id,
      })),
    },
    id,
    'RECORD',
  )
}

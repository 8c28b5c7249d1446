// Plain JavaScript: reads the offline decoder's vPIC file (libsql, better-sqlite3's API, ships no types).
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

/**
 * Element 28 of vPIC is the model; a pattern's attribute is the model's id. The model's make is
 * its Make_Model row; the years are those of the schemas the pattern belongs to, for the WMIs of
 * passenger cars (2), trucks (3) and multipurpose vehicles (7).
 */
const SQL = `
  SELECT DISTINCT mk.Name AS make, m.Name AS model,
         MAX(ws.YearFrom, ?) AS yearFrom, MIN(COALESCE(ws.YearTo, ?), ?) AS yearTo
  FROM Pattern p
  JOIN Model m ON m.Id = CAST(p.AttributeId AS INTEGER)
  JOIN Make_Model mm ON mm.ModelId = m.Id
  JOIN Make mk ON mk.Id = mm.MakeId
  JOIN Wmi_VinSchema ws ON ws.VinSchemaId = p.VinSchemaId
  JOIN Wmi w ON w.Id = ws.WmiId
  WHERE p.ElementId = 28 AND w.VehicleTypeId IN (2, 3, 7)
    AND COALESCE(ws.YearTo, ?) >= ? AND ws.YearFrom <= ?`

/**
 * Every make, model and model-year range the offline decoder can name, within [from, to]: the
 * ranges of its VIN schemas (an open range runs to `to`), so a line's years are those vPIC would
 * decode, not only those it was sold in.
 *
 * @param {string} dbPath the unpacked vPIC file (src/lookups/vin/decoder.ts unpacks it)
 * @param {{ from: number, to: number }} years
 * @returns {{ make: string, model: string, yearFrom: number, yearTo: number }[]}
 */
export const decoderModels = (dbPath, { from, to }) => {
  const Database = require('libsql')
  const db = new Database(dbPath, { fileMustExist: true, readonly: true })
  try {
    return db.prepare(SQL).all(from, to, to, to, from, to)
  } finally {
    db.close()
  }
}

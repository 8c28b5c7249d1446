/**
 * OFAC's SDN list as the Treasury publishes it in CSV: `sdn.csv` (one row per entry: ent_num,
 * SDN_Name, SDN_Type, Program, Title, Call_Sign, Vess_type, Tonnage, GRT, Vess_flag, Vess_owner,
 * Remarks), `alt.csv` (aliases: ent_num, alt_num, alt_type, alt_name, alt_remarks) and `add.csv`
 * (addresses: ent_num, add_num, address, city/state/zip, country, add_remarks). No header rows;
 * "-0-" means empty. Birth dates appear only in the remarks ("DOB 14 Nov 1954; …").
 */
import { parse } from 'csv-parse/sync'

export type SanctionsAddress = {
  address: null | string
  city: null | string
  country: null | string
}

export type SanctionsEntry = {
  addresses: SanctionsAddress[]
  /** `YYYY-MM-DD`, or `YYYY` where only the year is listed. */
  birthDates: string[]
  entNum: number
  /** The primary name first, then the aliases. */
  names: string[]
  programs: null | string
  remarks: null | string
  type: null | string
}

export type SdnFiles = { add?: string; alt?: string; sdn: string }

/** A file that does not parse, or a row that breaks the layout: the field is the file's name. */
export class SdnFileError extends Error {
  constructor(
    readonly file: keyof SdnFiles,
    message: string,
  ) {
    super(`${file}: ${message}`)
  }
}

const EMPTY = '-0-'
const value = (cell: string | undefined): null | string => {
  const text = cell?.trim()
  return text && text !== EMPTY ? text : null
}

const rows = (file: keyof SdnFiles, text: string, minColumns: number): string[][] => {
  let parsed: string[][]
  try {
    // OFAC's files end with an MS-DOS end-of-file mark (0x1A), which is no row.
    parsed = parse(text.replaceAll(String.fromCharCode(0x1a), ''), {
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
    }) as string[][]
  } catch (error) {
    throw new SdnFileError(file, error instanceof Error ? error.message : 'not CSV')
  }
  parsed.forEach((row, index) => {
    if (row.length < minColumns || !/^\d+$/.test(row[0] ?? ''))
      throw new SdnFileError(
        file,
        `row ${index + 1} is not an OFAC ${file}.csv row (ent_num first, at least ${minColumns} fields)`,
      )
  })
  return parsed
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

/** Every "DOB 14 Nov 1954", "DOB Nov 1954", "DOB 1954" or "DOB circa 1954" in the remarks. */
export const birthDatesIn = (remarks: null | string): string[] =>
  [...(remarks ?? '').matchAll(/DOB (?:circa )?(?:(\d{1,2}) )?(?:([A-Za-z]{3}) )?(\d{4})/g)].map(
    ([, dayText, month, year]) => {
      const monthIndex = month ? MONTHS.indexOf(month.toLowerCase()) : -1
      if (dayText && monthIndex >= 0)
        return `${year}-${String(monthIndex + 1).padStart(2, '0')}-${dayText.padStart(2, '0')}`
      return year
    },
  )

/** The entries of the list; vessels and aircraft are left out (no person or buyer is one). */
export const parseSdnFiles = (files: SdnFiles): SanctionsEntry[] => {
  const entries = new Map<number, SanctionsEntry>()
  for (const row of rows('sdn', files.sdn, 4)) {
    const type = value(row[2])?.toLowerCase() ?? null
    if (type === 'vessel' || type === 'aircraft') continue
    const remarks = value(row[11])
    entries.set(Number(row[0]), {
      addresses: [],
      birthDates: birthDatesIn(remarks),
      entNum: Number(row[0]),
      names: [value(row[1]) ?? ''].filter(Boolean),
      programs: value(row[3]),
      remarks,
      type,
    })
  }
  for (const row of files.alt ? rows('alt', files.alt, 4) : []) {
    const name = value(row[3])
    if (name) entries.get(Number(row[0]))?.names.push(name)
  }
  for (const row of files.add ? rows('add', files.add, 5) : []) {
    entries.get(Number(row[0]))?.addresses.push({
      address: value(row[2]),
      city: value(row[3]),
      country: value(row[4]),
    })
  }
  return [...entries.values()].filter((entry) => entry.names.length)
}

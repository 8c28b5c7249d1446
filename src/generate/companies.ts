/** Companies (one in ten a facilitator) and their locations, one and a half per company. */
import { cityJoin, streetLine, zipOf } from './places'
import { idOf, mix, pastTime, phoneOf, pickFor, series } from './sql'
import { CHUNK, type Context, statement, type Step } from './step'
import { companyWords } from './vocabulary'

/** `500 Oak Ave, Austin, TX 78701`, as a location composes its one-line address. */
const oneLine = (index: string) =>
  `${streetLine(index)} || ', ' || city.name || ', ' || city.state_id || ' ' || ${zipOf(index)}`

export const companies = ({ seed, sizes }: Context): Step[] => {
  const company = (index: string) => idOf(seed, 'com_', index)
  return [
    {
      chunk: CHUNK,
      rows: sizes.companies,
      table: 'company',
      write: statement(
        `INSERT INTO company (id, name, address, is_facilitator, created_at, updated_at)
         SELECT ${company('g')},
           ${pickFor(companyWords.place, 'g', 'place')} || ' ' ||
           ${pickFor(companyWords.kind, 'g', 'kind')} || ' ' ||
           ${pickFor(companyWords.suffix, 'g', 'suffix')} || ' ' || city.name,
           ${oneLine('g')}, g % 10 = 0, ${pastTime('g')}, ${pastTime('g')}
         FROM ${series} ${cityJoin(mix('g', 'hq'))}`,
      ),
    },
    {
      chunk: CHUNK,
      rows: Math.floor(sizes.companies * 1.5),
      table: 'location',
      write: statement(
        `INSERT INTO location (id, company_id_id, line1, city_id, zip, address, phone, latitude,
           longitude, created_at, updated_at)
         SELECT ${idOf(seed, 'loc_', 'g')}, ${company(`g % ${sizes.companies}`)}, ${streetLine('g')},
           city.id, ${zipOf('g')}, ${oneLine('g')}, ${phoneOf('g')},
           round((25 + ${mix('g', 'lat')} % 2300 / 100.0)::numeric, 4),
           round((-124 + ${mix('g', 'lon')} % 5700 / 100.0)::numeric, 4),
           ${pastTime('g')}, ${pastTime('g')}
         FROM ${series} ${cityJoin(mix('g', 'site'))}`,
      ),
    },
  ]
}

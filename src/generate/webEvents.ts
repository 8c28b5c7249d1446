/** Web events, tracked against accounts (one account per twenty events, a visitor id each). */
import { consumerId } from './people'
import { idOf, literal, pastTime, pickFor, series } from './sql'
import { CHUNK, type Context, inOrder, statement, type Step } from './step'
import { webEventNames } from './vocabulary'

export const webEvents = ({ seed, sizes }: Context): Step[] => {
  const accounts = Math.ceil(sizes.webEvents / 20)
  const account = (index: string) => idOf(seed, 'acc_', index)
  const visitor = (index: string) => `'anon-' || substr(md5(${literal(seed)} || (${index})), 1, 12)`
  // Every fourth account belongs to a known consumer of this run, when there are any.
  const owner = sizes.consumers
    ? `CASE WHEN g % 4 = 0 THEN ${consumerId(seed, `g % ${sizes.consumers}`)} END`
    : 'NULL'
  return [
    {
      chunk: CHUNK,
      rows: accounts,
      table: 'account',
      write: inOrder(
        statement(
          `INSERT INTO account (id, consumer_id, created_at, updated_at)
           SELECT ${account('g')}, ${owner}, ${pastTime('g')}, ${pastTime('g')} FROM ${series}`,
        ),
        statement(
          `INSERT INTO account_texts ("order", parent_id, path, text)
           SELECT 1, ${account('g')}, 'anonymousIds', ${visitor('g')} FROM ${series}`,
        ),
      ),
    },
    {
      chunk: CHUNK,
      rows: sizes.webEvents,
      table: 'web_event',
      write: statement(
        `INSERT INTO web_event (id, name, anonymous_id, account_id, created_at, updated_at)
         SELECT ${idOf(seed, 'wev_', 'g')}, ${pickFor(webEventNames, 'g', 'event')},
           ${visitor(`g % ${accounts}`)}, ${account(`g % ${accounts}`)}, ${pastTime('g')},
           ${pastTime('g')}
         FROM ${series}`,
      ),
    },
  ]
}

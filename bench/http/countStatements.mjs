/**
 * Preloaded into each server the HTTP benchmark measures (`node --import <this> …`):
 * counts every statement the process sends to PostgreSQL through `pg` (BEGIN and COMMIT
 * included, whichever pool or client sends it) and tells the count over the IPC channel when
 * asked. pg_stat_statements would need a server restart to load, which a shared server can't have.
 * Asked to (`sql-capture`), it also keeps the text and values of each statement until asked for
 * them (`sql-captured`), so the benchmark can EXPLAIN what a request ran.
 */
import pg from 'pg'

let statements = 0
/** The statements sent since `sql-capture`, while capturing. */
let captured = null
const query = pg.Client.prototype.query
pg.Client.prototype.query = function (...args) {
  statements += 1
  if (captured) {
    const [first, second] = args
    const text = typeof first === 'string' ? first : first?.text
    // query(text, values), query({ text, values }) or, as drizzle sends it, query({ text }, values)
    const values = typeof first === 'string' ? second : (first?.values ?? second)
    if (typeof text === 'string')
      captured.push({ text, values: Array.isArray(values) ? values : [] })
  }
  return query.apply(this, args)
}

process.on('message', (message) => {
  if (message === 'sql-statements') process.send?.({ statements })
  if (message === 'sql-capture') {
    captured = []
    process.send?.({ capturing: true })
  }
  if (message === 'sql-captured') {
    process.send?.({ captured: captured ?? [] })
    captured = null
  }
})
// The channel alone must not keep a server alive that is stopping.
process.channel?.unref()

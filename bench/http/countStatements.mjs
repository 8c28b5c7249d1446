/**
 * Preloaded into each server the HTTP benchmark measures (`node --import <this> …`):
 * counts every statement the process sends to PostgreSQL through `pg` (BEGIN and COMMIT
 * included, whichever pool or client sends it) and tells the count over the IPC channel when
 * asked. pg_stat_statements would need a server restart to load, which a shared server can't have.
 */
import pg from 'pg'

let statements = 0
const query = pg.Client.prototype.query
pg.Client.prototype.query = function (...args) {
  statements += 1
  return query.apply(this, args)
}

process.on('message', (message) => {
  if (message === 'sql-statements') process.send?.({ statements })
})
// The channel alone must not keep a server alive that is stopping.
process.channel?.unref()

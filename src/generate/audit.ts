/**
 * Audit-log entries as the service writes them: creates and updates of consumers and credit
 * apps by API clients and staff, each naming the fields it changed (never their values).
 */
import { idOf, literal, pastTime, series } from './sql'
import { CHUNK, type Context, statement, type Step } from './step'

const fields = ['birthDate', 'email', 'phoneNumber', 'ssn']

export const auditRows = ({ seed, sizes }: Context): Step => {
  const entriesAndFields = statement(
    `WITH entry AS (
       INSERT INTO audit_log (action, collection, record_id, actor, request_id, created_at,
         updated_at)
       SELECT (CASE WHEN g % 3 = 0 THEN 'update' ELSE 'create' END)::enum_audit_action,
         CASE WHEN g % 2 = 0 THEN 'consumer' ELSE 'credit-app' END,
         CASE WHEN g % 2 = 0 THEN ${idOf(seed, 'con_', 'g / 2')}
           ELSE ${idOf(seed, 'crapp_', 'g / 2')} END,
         CASE WHEN g % 5 = 0 THEN 'users:1' ELSE 'api-clients:1' END,
         md5(${literal(seed)} || 'request' || g)::uuid::text, ${pastTime('g')}, ${pastTime('g')}
       FROM ${series}
       RETURNING id)
     INSERT INTO audit_log_texts ("order", parent_id, path, text)
     SELECT f.n, entry.id, 'fields', f.name
     FROM entry, unnest(ARRAY[${fields.map(literal).join(', ')}]) WITH ORDINALITY AS f(name, n)`,
  )
  return {
    chunk: CHUNK,
    rows: sizes.auditRows,
    table: 'audit_log',
    // The statement counts the field names it wrote; the entries are one per row besides.
    write: async (db, from, to) => (await entriesAndFields(db, from, to)) + (to - from),
  }
}

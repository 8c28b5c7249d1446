/**
 * Compiled reads: a commerce read (one record by id, or a page of a list) answered by one SQL
 * statement built from the collection's config (src/reads/plan.ts, statement.ts), instead of
 * Payload's find, which reads the record, then each level of related records, then runs every
 * field's hooks in JS. Payload stays the source of truth: its `beforeOperation` hooks, its
 * access functions, its filter validation and its SQL for filters and sorts (drizzle's
 * `buildQuery`) are called as its own find calls them, and anything the compiler does not
 * reproduce exactly makes the read answer `undefined`: the caller then reads through Payload.
 * test/int/compiledReads.test.ts compares the two answers.
 *
 * The modules: gate.ts (whether a read is compiled), plan.ts (what each field is in SQL),
 * statement.ts (a record's SQL), listQuery.ts and pageStatements.ts (a list page's SQL),
 * variants.ts (built statements, cached), send.ts (where a statement runs), compiledRecord.ts and
 * compiledPage.ts (the two reads), pageShape.ts (a list's answer).
 */
export { compiledPage } from './compiledPage'
export { compiledRecord, recordAsCaller } from './compiledRecord'
export { compiledReads } from './gate'

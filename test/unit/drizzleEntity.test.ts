/**
 * drizzle-orm's is() as patches/drizzle-orm+0.45.2.patch leaves it: the same answers as the
 * original walk of a value's class chain, now kept per class, including for a class from another
 * copy of drizzle (the same kind, not in the chain) and for a type with no kind of its own.
 */
import { describe, expect, it } from '@jest/globals'
import { Column, entityKind, is, SQL, sql } from 'drizzle-orm'
import { pgTable, text } from 'drizzle-orm/pg-core'

const table = pgTable('things', { name: text('name') })

describe('is() of drizzle-orm, patched', () => {
  it('knows an entity by its class and its ancestors, asked once or many times', () => {
    for (let round = 0; round < 3; round++) {
      expect(is(sql`select 1`, SQL)).toBe(true)
      expect(is(table.name, Column)).toBe(true)
      expect(is(table.name, SQL)).toBe(false)
      expect(is(sql`select 1`, Column)).toBe(false)
    }
  })

  it('is false for what is not an object, and for a plain object', () => {
    for (const value of [null, undefined, 0, 'SQL', () => {}, {}, []])
      expect(is(value, SQL)).toBe(false)
  })

  it('knows a class of another copy of drizzle by its kind', () => {
    class CopiedSQL {
      static readonly [entityKind] = 'SQL'
    }
    expect(is(new CopiedSQL(), SQL)).toBe(true)
    expect(is(new CopiedSQL(), Column)).toBe(false)
  })

  it('answers for a type with no kind of its own as before: by instanceof, else an error', () => {
    class Mine extends SQL {}
    expect(is(new Mine([]), Mine)).toBe(true)
    expect(is(new Mine([]), SQL)).toBe(true)
    expect(() => is(sql`select 1`, Mine)).toThrow(/doesn't look like a Drizzle entity/)
  })
})

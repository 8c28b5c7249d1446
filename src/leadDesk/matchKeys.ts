/**
 * How two leads are told to be the same person (no Payload import): the values they are compared
 * by, normalised (src/lib/normalise.ts), and the three rules. Used by ./duplicates.ts and tested
 * on its own.
 */
import { normaliseEmail, normaliseName, normalisePhone } from '@/lib/normalise'
import { DUPLICATE_RULES } from '@/lib/settings'

export { DUPLICATE_RULES, normaliseEmail, normaliseName, normalisePhone }
export type DuplicateRule = (typeof DUPLICATE_RULES)[number]

/** What a rule says in a message: "Merged into lead 12 as a duplicate (same e-mail)". */
export const ruleWords: Record<DuplicateRule, string> = {
  email: 'same e-mail',
  'name-phone': 'same name and phone',
  'similar-name-phone': 'same last name, similar first name and same phone',
}

/** A lead's values as they are compared: lower-case, trimmed, phones in E.164. */
export type MatchKeys = {
  email: null | string
  firstName: null | string
  lastName: null | string
  phones: string[]
}

/** The values a lead (or a submission) is matched by: e-mail and names its own first, else its
 * consumer's; phones, both its own and its consumer's. */
export const matchKeysOf = (
  own: { email?: unknown; firstName?: unknown; lastName?: unknown; phones?: unknown[] },
  consumer?: { email?: unknown; firstName?: unknown; lastName?: unknown; phones?: unknown[] },
): MatchKeys => {
  const phones = [...(own.phones ?? []), ...(consumer?.phones ?? [])]
    .map(normalisePhone)
    .filter((phone): phone is string => phone !== null)
  return {
    email: normaliseEmail(own.email) ?? normaliseEmail(consumer?.email),
    firstName: normaliseName(own.firstName) ?? normaliseName(consumer?.firstName),
    lastName: normaliseName(own.lastName) ?? normaliseName(consumer?.lastName),
    phones: [...new Set(phones)].sort(),
  }
}

/**
 * Damerau–Levenshtein distance (optimal string alignment: insertions, deletions, substitutions
 * and swaps of two neighbours, each 1), stopping early once it must exceed `limit`.
 */
export const editDistance = (a: string, b: string, limit = Infinity): number => {
  if (Math.abs(a.length - b.length) > limit) return limit + 1
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)]
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      row[j] = Math.min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j], rows[i - 2][j - 2] + 1)
      }
    }
    if (Math.min(...row) > limit) return limit + 1
    rows.push(row)
  }
  return rows[a.length][b.length]
}

/** How far apart two first names may be for the similar-name rule. */
export const FIRST_NAME_EDITS = 2

/** The first of `rules` (in their order) by which `a` and `b` are one person, or null. */
export const ruleMatching = (
  a: MatchKeys,
  b: MatchKeys,
  rules: readonly DuplicateRule[],
): DuplicateRule | null => {
  const sharePhone = a.phones.some((phone) => b.phones.includes(phone))
  const sameLast = a.lastName !== null && a.lastName === b.lastName
  for (const rule of DUPLICATE_RULES) {
    if (!rules.includes(rule)) continue
    if (rule === 'email' && a.email !== null && a.email === b.email) return rule
    if (!sharePhone || !sameLast || a.firstName === null || b.firstName === null) continue
    if (rule === 'name-phone' && a.firstName === b.firstName) return rule
    if (
      rule === 'similar-name-phone' &&
      editDistance(a.firstName, b.firstName, FIRST_NAME_EDITS) <= FIRST_NAME_EDITS
    )
      return rule
  }
  return null
}

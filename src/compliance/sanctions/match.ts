/**
 * Fuzzy name matching of one person against the SDN list (docs/compliance.md, "7. Sanctions
 * screening"). Names are compared with fuzzball's token sort and token set ratios (0–100, after
 * lower-casing and dropping punctuation), so word order ("MADURO MOROS, Nicolas" against
 * "Nicolas Maduro") and extra middle names or second surnames do not hide a match, and a spelling
 * variant or typo costs a few points. A birth date or address the list also gives then raises or
 * lowers the score; what is at or above SANCTIONS_MATCH_THRESHOLD (80) is a possible match for review.
 */
import { token_set_ratio, token_sort_ratio } from 'fuzzball'

import type { SanctionsEntry } from './parse'

export type Person = {
  /** `YYYY-MM-DD`, when known (never stored with a match: only whether it agreed). */
  birthDate?: null | string
  city?: null | string
  name: string
}

export type Candidate = {
  entNum: number
  matchedName: string
  nameScore: number
  score: number
  signals: string[]
}

const tokens = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((token) => token.length > 1)

/** The name score: word order free; a subset of words counts only when both names have two or more. */
export const nameScore = (person: string, listed: string): number => {
  const sorted = token_sort_ratio(person, listed)
  if (tokens(person).length < 2 || tokens(listed).length < 2) return sorted
  return Math.max(sorted, token_set_ratio(person, listed))
}

const BIRTH_DATE_AGREES = 10
const BIRTH_YEAR_AGREES = 5
const BIRTH_DATE_DIFFERS = -10
const CITY_AGREES = 5
const ONLY_ABROAD = -5

/** What the birth date and address say beside the name: points and the reasons for them. */
const adjustments = (person: Person, entry: SanctionsEntry): [number, string[]] => {
  let points = 0
  const signals: string[] = []
  const birthDate =
    person.birthDate && /^\d{4}-\d{2}-\d{2}$/.test(person.birthDate) ? person.birthDate : null
  if (birthDate && entry.birthDates.length) {
    if (entry.birthDates.includes(birthDate)) {
      points += BIRTH_DATE_AGREES
      signals.push('birth date matches the list')
    } else if (
      entry.birthDates.some((listed) => listed.length === 4 && listed === birthDate.slice(0, 4))
    ) {
      points += BIRTH_YEAR_AGREES
      signals.push('birth year matches the list')
    } else {
      points += BIRTH_DATE_DIFFERS
      signals.push('birth date differs from the list')
    }
  }
  const city = person.city?.trim().toLowerCase()
  if (city && entry.addresses.some((address) => address.city?.toLowerCase().includes(city))) {
    points += CITY_AGREES
    signals.push('city matches a listed address')
  } else if (
    entry.addresses.length &&
    entry.addresses.every((address) => address.country && !/united states/i.test(address.country))
  ) {
    points += ONLY_ABROAD
    signals.push('every listed address is outside the United States')
  }
  return [points, signals]
}

/** An index of the list's names by the first two letters of each word, to compare only likely names. */
export type ListIndex = { byPrefix: Map<string, Set<number>>; entries: SanctionsEntry[] }

export const indexList = (entries: SanctionsEntry[]): ListIndex => {
  const byPrefix = new Map<string, Set<number>>()
  entries.forEach((entry, position) => {
    for (const name of entry.names)
      for (const token of tokens(name)) {
        const key = token.slice(0, 2)
        if (!byPrefix.has(key)) byPrefix.set(key, new Set())
        byPrefix.get(key)!.add(position)
      }
  })
  return { byPrefix, entries }
}

/** Every entry whose best name scores at or above `threshold` for the person, best first. */
export const screenPerson = (person: Person, list: ListIndex, threshold: number): Candidate[] => {
  const words = tokens(person.name)
  if (!words.length) return []
  // A listed name that shares no word's first two letters with the person's cannot reach the threshold.
  const positions = new Set<number>()
  for (const word of words)
    for (const position of list.byPrefix.get(word.slice(0, 2)) ?? []) positions.add(position)
  const found: Candidate[] = []
  for (const position of positions) {
    const entry = list.entries[position]
    let best = { name: '', score: 0 }
    for (const name of entry.names) {
      const score = nameScore(person.name, name)
      if (score > best.score) best = { name, score }
    }
    const [points, signals] = adjustments(person, entry)
    const score = Math.max(0, Math.min(100, best.score + points))
    if (score >= threshold)
      found.push({
        entNum: entry.entNum,
        matchedName: best.name,
        nameScore: best.score,
        score,
        signals,
      })
  }
  return found.sort((a, b) => b.score - a.score)
}

/**
 * Screening one person against the SDN list (docs/compliance.md, "7. Sanctions screening"): the
 * listed names likely to be the person's are found through an index of their words, each is
 * scored (./score.ts), and a birth date or address the list also gives then raises or lowers the
 * score; what is at or above SANCTIONS_MATCH_THRESHOLD (80) is a possible match for review.
 */
import { normalizeName, type NormalName } from './normalize'
import type { SanctionsEntry } from './parse'
import { normalScore, runTogether, telling } from './score'

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

const BIRTH_DATE_AGREES = 10
const BIRTH_YEAR_AGREES = 5
const BIRTH_DATE_DIFFERS = -10
const CITY_AGREES = 5
const ONLY_ABROAD = -5

/**
 * What the birth date and address say beside the name: points and the reasons for them. A
 * reviewer reads the reasons, so each is named even when it moved nothing (no birth date on the
 * app, none on the list): an empty list would not tell "compared, no effect" from "not compared".
 */
const adjustments = (person: Person, entry: SanctionsEntry): [number, string[]] => {
  let points = 0
  const signals: string[] = []
  const birthDate =
    person.birthDate && /^\d{4}-\d{2}-\d{2}$/.test(person.birthDate) ? person.birthDate : null
  if (!birthDate) signals.push('no birth date on file to compare')
  else if (!entry.birthDates.length) signals.push('the list gives no birth date')
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
  } else if (!entry.addresses.length) signals.push('the list gives no address')
  else if (!city) signals.push('no city on file to compare')
  else signals.push('city not among the listed addresses')
  return [points, signals]
}

/** A word and every form of it with one letter left out (words of three letters or more). */
const withOneLess = (word: string): string[] => {
  const forms = [word]
  if (word.length >= 3)
    for (let at = 0; at < word.length; at += 1) forms.push(word.slice(0, at) + word.slice(at + 1))
  return forms
}

type Key = { covers: number; spellings: string[] }

/**
 * A name's words as keys for finding it, each with the spellings it is looked up by: folded, as
 * spelled before the table of names, and as written (a typo in "Mohammad" or "Jafari" is one
 * letter from one of them).
 */
const wordKeys = (normal: NormalName): Key[] =>
  normal.tokens.flatMap((token, at) =>
    telling([token]).length
      ? [{ covers: 1, spellings: [token, normal.spelled[at], normal.written[at]] }]
      : [],
  )

/** The whole name run together (as folded and as written), standing for all its words. */
const wholeKeys = (normal: NormalName, words: number): Key[] =>
  normal.tokens.length > 1
    ? [
        {
          covers: words,
          spellings: [
            ...new Set([
              ...runTogether(normal),
              ...runTogether({ ...normal, tokens: normal.written }),
            ]),
          ],
        },
      ]
    : []

/**
 * What a person's name is looked up by: its words, each two neighbouring words run together (a
 * word split in two: "Bo ris"), and the whole name run together.
 */
const personKeys = (normal: NormalName): Key[] => {
  const keys = wordKeys(normal)
  const words = Math.max(1, keys.length)
  for (let at = 0; at + 1 < normal.tokens.length; at += 1) {
    const pair = normal.tokens.slice(at, at + 2)
    if (pair.every((word) => word.length > 1))
      keys.push({ covers: telling(pair).length, spellings: [pair.join('')] })
  }
  return [...keys, ...wholeKeys(normal, words)]
}

type IndexedName = { entry: number; name: string; normal: NormalName; words: number }

/**
 * Every listed name (primary and aliases) normalised once, and an index from each of its keys, and
 * each key with one letter left out, to the names holding it: two words are within one edit (a
 * letter changed, added, left out, or two swapped) when their forms with one letter left out meet.
 */
export type ListIndex = {
  byForm: Map<string, number[]>
  entries: SanctionsEntry[]
  names: IndexedName[]
}

export const indexList = (entries: SanctionsEntry[]): ListIndex => {
  const names: IndexedName[] = []
  const byForm = new Map<string, number[]>()
  entries.forEach((entry, position) => {
    for (const name of entry.names) {
      const normal = normalizeName(name)
      if (!normal.tokens.length) continue
      const id = names.length
      const words = Math.max(1, telling(normal.tokens).length)
      // Words with every form one letter shorter; the name run together as it is (a person's
      // form one letter shorter still finds it).
      const forms = [
        ...wordKeys(normal).flatMap(({ spellings }) => spellings.flatMap(withOneLess)),
        ...wholeKeys(normal, words).flatMap(({ spellings }) => spellings),
      ]
      for (const form of forms) {
        const holders = byForm.get(form)
        if (!holders) byForm.set(form, [id])
        else if (holders[holders.length - 1] !== id) holders.push(id)
      }
      names.push({ entry: position, name, normal, words })
    }
  })
  return { byForm, entries, names }
}

/** The shortest half of a word looked up as a word of its own. */
const MIN_HALF = 3

/**
 * The names worth scoring: those with, for as many of the person's words as either name has (two
 * at most), a word within one edit of it (or of two neighbouring words run together, or of the
 * whole name run together). A name sharing one word only ("Elizabeth Smith", "SCOTT, Elizabeth")
 * is not compared.
 */
const likelyNames = (list: ListIndex, normal: NormalName): number[] => {
  const covered = new Map<number, number>()
  const words = Math.max(1, telling(normal.tokens).length)
  const unknown: string[] = []
  for (const { covers, spellings } of personKeys(normal)) {
    const holders = new Set<number>()
    for (const form of new Set(spellings.flatMap(withOneLess)))
      for (const name of list.byForm.get(form) ?? []) holders.add(name)
    if (covers === 1 && !holders.size && spellings[0].length >= 2 * MIN_HALF)
      unknown.push(spellings[0])
    for (const name of holders) covered.set(name, (covered.get(name) ?? 0) + covers)
  }
  // A long word no listed word is near may be two listed words run together in any order
  // ("Ruslanovicharseny", "Yehiayazbrizi"): cut at each place, a name holding both halves (each
  // within one edit) covers two words.
  for (const word of unknown) {
    const holders = new Set<number>()
    for (let cut = MIN_HALF; cut <= word.length - MIN_HALF; cut += 1) {
      const [first, second] = [word.slice(0, cut), word.slice(cut)].map(
        (half) => new Set(withOneLess(half).flatMap((form) => list.byForm.get(form) ?? [])),
      )
      for (const name of first) if (second.has(name)) holders.add(name)
    }
    for (const name of holders) covered.set(name, (covered.get(name) ?? 0) + 2)
  }
  const likely: number[] = []
  for (const [name, count] of covered)
    if (count >= Math.min(2, words, list.names[name].words)) likely.push(name)
  return likely
}

/** Every entry whose best name scores at or above `threshold` for the person, best first. */
export const screenPerson = (person: Person, list: ListIndex, threshold: number): Candidate[] => {
  const normal = normalizeName(person.name)
  if (!normal.tokens.length) return []
  // Each entry's best name; of two as good, the one with as many words as the person's ("VOLKOV,
  // Dmitry" rather than "VOLKOV, Dmitri Ivanovich" for "Dmitry Volkov"), shown to the reviewer.
  const best = new Map<number, { gap: number; name: string; score: number }>()
  for (const position of likelyNames(list, normal)) {
    const { entry, name, normal: listed } = list.names[position]
    const score = normalScore(normal, listed)
    const gap = Math.abs(listed.tokens.length - normal.tokens.length)
    const known = best.get(entry)
    if (!known || score > known.score || (score === known.score && gap < known.gap))
      best.set(entry, { gap, name, score })
  }
  const found: Candidate[] = []
  for (const [position, { name, score: named }] of best) {
    const entry = list.entries[position]
    const [points, signals] = adjustments(person, entry)
    const score = Math.max(0, Math.min(100, named + points))
    if (score >= threshold)
      found.push({ entNum: entry.entNum, matchedName: name, nameScore: named, score, signals })
  }
  return found.sort((a, b) => b.score - a.score)
}

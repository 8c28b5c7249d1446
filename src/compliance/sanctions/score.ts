/**
 * How alike two names are, 0–100 (docs/compliance.md, "7. Sanctions screening"). Both are
 * normalised first (./normalize.ts), then compared with fuzzball (a port of Python's TheFuzz):
 *
 * - a word split in two on one side ("Bad guy" for "BADGUY", "Josetapia" for "TAPIA, Jose") is
 *   joined first where the other side has the whole word; particles ("al", "bin", "de") left
 *   alone are dropped;
 * - each word of the shorter name must have a counterpart at least 70 alike in the other (one
 *   weaker word is forgiven when every other word is the same), else the score is that word's;
 * - the score is the best of the token sort ratio (word order free), the ratio with the person's
 *   words set against the listed words most like them, and, when both names have two words or
 *   more and the person's words stand for the listed name's first surname and first given name,
 *   the ratio against only the listed words they stand for (a subset: "Nicolas Maduro" is 100
 *   for "MADURO MOROS, Nicolas");
 * - a one-word name ("BorisBadguy") is compared with the other name run together;
 * - all of it at three levels of folding (the table of names, the spelling rules, the letters as
 *   written), keeping the best.
 */
import { distance, ratio, token_sort_ratio } from 'fuzzball'

import { foldSpelling, normalizeName, type NormalName, spell } from './normalize'

/** The names are normalised already: fuzzball's own clean-up would change nothing. */
const AS_IS = { full_process: false }

/** Words that join a name without telling people apart. */
const PARTICLES = new Set(['al', 'bin', 'bint', 'de', 'del', 'ibn', 'la'])

/** The words of a name that say who it is: two letters or more, no particle. */
export const telling = (tokens: string[]): string[] =>
  tokens.filter((token) => token.length > 1 && !PARTICLES.has(token))

/** Words that count as words for the subset rule (a lone initial does not). */
const words = (tokens: string[]) => tokens.filter((token) => token.length > 1).length

/** The name's words in the order a person writes them: for `SURNAMES, Given`, the given names first. */
export const readingOrder = ({ commaAt, tokens }: NormalName): string[] =>
  commaAt < 1 ? tokens : [...tokens.slice(commaAt), ...tokens.slice(0, commaAt)]

/** For `SURNAMES, Given names`, the first surname and the first given name (particles aside). */
export const anchorsOf = ({ commaAt, tokens }: NormalName): string[] =>
  commaAt < 1
    ? []
    : [telling(tokens.slice(0, commaAt))[0], telling(tokens.slice(commaAt))[0]].filter(Boolean)

/**
 * The name's words run together: as written, in reading order, and (for `SURNAMES, Given`) its
 * first given name and first surname alone, either way round ("Yahyaberri").
 */
export const runTogether = (name: NormalName): string[] => {
  const anchors = anchorsOf(name)
  const forms = [name.tokens.join(''), readingOrder(name).join('')]
  if (anchors.length === 2) forms.push(anchors.join(''), [...anchors].reverse().join(''))
  // Spelled as one word: "aliidris" and "alidris" are the same run of letters.
  return [...new Set(forms.map(spell))]
}

/** A word this close to one of the other name's words is that word split in two, with a typo. */
const nearWord = (joined: string, others: string[]) =>
  joined.length >= 5 && others.some((other) => distance(joined, other) <= 1)

/**
 * `own` with each run of two or three neighbouring words joined where the other name has the
 * joined word (exactly, or within one letter when the parts are not words of the other name).
 */
const joinSplitWords = (own: string[], others: string[], fold: Fold): string[] => {
  const other = new Set(others)
  const joined: string[] = []
  for (let at = 0; at < own.length; at += 1) {
    let taken = 1
    let word = own[at]
    for (const length of [3, 2]) {
      const parts = own.slice(at, at + length)
      if (parts.length < length) continue
      const whole = fold(parts.join(''))
      const fresh = parts.every((part) => !other.has(part))
      if (other.has(whole) || (fresh && nearWord(whole, others))) {
        taken = length
        word = whole
        break
      }
    }
    joined.push(word)
    at += taken - 1
  }
  return joined
}

/**
 * The listed words with any two of them joined where the person wrote them as one word (exactly,
 * or within one letter): "Josetapia" for "TAPIA MEDINA, Brenda Jose", in whichever order.
 */
const joinListedWords = (listed: string[], person: string[], fold: Fold): string[] => {
  const words = [...listed]
  for (const word of person) {
    if (word.length < 5 || words.includes(word)) continue
    search: for (let one = 0; one < words.length; one += 1)
      for (let other = 0; other < words.length; other += 1) {
        if (one === other) continue
        const whole = fold(words[one] + words[other])
        if (whole === word || distance(whole, word) <= 1) {
          words.splice(Math.max(one, other), 1)
          words.splice(Math.min(one, other), 1, whole)
          break search
        }
      }
  }
  return words
}

/** Each of the person's words paired with the listed word most like it (greedily, the most alike pair first). */
type Alignment = Map<number, { alike: number; listed: number }>
const align = (person: string[], listed: string[]): Alignment => {
  const pairs: [number, number, number][] = []
  person.forEach((word, own) =>
    listed.forEach((other, theirs) => pairs.push([ratio(word, other, AS_IS), own, theirs])),
  )
  pairs.sort((a, b) => b[0] - a[0])
  const alignment: Alignment = new Map()
  const taken = new Set<number>()
  for (const [alike, own, theirs] of pairs)
    if (!alignment.has(own) && !taken.has(theirs)) {
      alignment.set(own, { alike, listed: theirs })
      taken.add(theirs)
    }
  return alignment
}

/** The person's words in the order of the listed words they pair with; those left over last. */
const inListedOrder = (person: string[], alignment: Alignment, listedCount: number): string =>
  [...person.keys()]
    .sort(
      (a, b) =>
        (alignment.get(a)?.listed ?? listedCount + a) -
        (alignment.get(b)?.listed ?? listedCount + b),
    )
    .map((own) => person[own])
    .join(' ')

/**
 * Between names of two words or more, each word of the shorter name (both, when as long; a lone
 * initial aside) must have a counterpart at least this alike in the other, or the names are not
 * the same person's whatever the rest: "Mustafa Ali Hassan" is not "MUSTAFA, Omar Hassan".
 */
const WORD_COUNTERPART = 70
/**
 * In a name of three words or more whose other words are the same, one word may be as little as
 * this alike: a typo in a short word ("Yoin Chol Lim" for "KIM, Yoin Chol").
 */
const ONE_WEAK_WORD = 60

/**
 * The likeness of the least alike word of the shorter name to its counterpart (each word of the
 * person's name when not longer than the listed one, else each listed word), when it is below
 * WORD_COUNTERPART and not forgiven as the one weak word of a longer name; null when every word
 * has its counterpart, or one name is one word.
 */
const lacksCounterpart = (
  person: string[],
  listed: string[],
  alignment: Alignment,
): null | number => {
  if (words(person) < 2 || words(listed) < 2) return null
  const best = new Map([...alignment.values()].map(({ alike, listed }) => [listed, alike]))
  const likeness =
    words(person) <= words(listed)
      ? person.flatMap((word, own) => (word.length > 1 ? [alignment.get(own)?.alike ?? 0] : []))
      : listed.flatMap((word, theirs) => (word.length > 1 ? [best.get(theirs) ?? 0] : []))
  likeness.sort((a, b) => a - b)
  const [weakest, ...others] = likeness
  if (weakest >= WORD_COUNTERPART) return null
  const forgiven =
    others.length >= 1 && weakest >= ONE_WEAK_WORD && others.every((alike) => alike === 100)
  return forgiven ? null : weakest
}

/** A word at least this like a listed word stands for it in a subset ("Mikahil" for "Mikhail"). */
const WORD_ALIKE = 80

/**
 * The subset score: the person's name against only the listed words it stands for, when those
 * include the listed name's anchors (first surname, first given name). "Nicolas Maduro" scores 100
 * for "MADURO MOROS, Nicolas"; "Hector Lopez" (the second surname) and "Ivanovich Volkov" (the
 * patronymic) get no subset score for "RAMIREZ LOPEZ, Hector" and "VOLKOV, Dmitri Ivanovich".
 */
const subsetRatio = (
  person: string[],
  listed: string[],
  alignment: Alignment,
  anchors: string[],
): null | number => {
  const standsFor = new Set(
    [...alignment.values()].filter(({ alike }) => alike >= WORD_ALIKE).map(({ listed }) => listed),
  )
  const held = anchors.every((anchor) =>
    listed.some((word, at) => standsFor.has(at) && word.includes(anchor)),
  )
  if (!held) return null
  const kept = listed.filter((_, at) => standsFor.has(at))
  return ratio(inListedOrder(person, alignment, listed.length), kept.join(' '), AS_IS)
}

/** Names run together shorter than this are not compared that way ("Ana Li" is not "ALI, Ana"). */
const MIN_RUN_TOGETHER = 6

/** How a word joined from two is spelled: folded like the others of its side. */
type Fold = (word: string) => string

/** The score of two names' words (0–100), as folded by `fold`. */
const scoreWords = (person: NormalName, listed: NormalName, fold: Fold): number => {
  if (!person.tokens.length || !listed.tokens.length) return 0
  const joined = joinSplitWords(person.tokens, listed.tokens, fold)
  // Then particles ("al", "bin", "de") left alone are left out: they make unrelated names look alike.
  const left = joined.filter((token) => !PARTICLES.has(token))
  const right = joinListedWords(listed.tokens, joined, fold).filter(
    (token) => !PARTICLES.has(token),
  )
  if (!left.length || !right.length) return 0
  const alignment = align(left, right)
  const lacking = lacksCounterpart(left, right, alignment)
  if (lacking !== null) return lacking
  let score = Math.max(
    token_sort_ratio(left.join(' '), right.join(' '), AS_IS),
    ratio(inListedOrder(left, alignment, right.length), right.join(' '), AS_IS),
  )
  // A subset of words counts only when both names have two or more.
  if (words(left) >= 2 && words(right) >= 2)
    score = Math.max(score, subsetRatio(left, right, alignment, anchorsOf(listed)) ?? 0)
  // Run together only when one side is one word ("BorisBadguy", "Dmitry.Volkov" typed without
  // a space): between names of several words it would credit a missing word like a subset.
  if (score === 100 || (words(left) > 1 && words(right) > 1)) return score
  for (const one of runTogether(person))
    for (const other of runTogether(listed))
      if (Math.min(one.length, other.length) >= MIN_RUN_TOGETHER)
        score = Math.max(score, ratio(one, other, AS_IS))
  return score
}

/**
 * The score of two normalised names (0–100): the best of their words folded by the table of
 * names, as spelled by the general rules only, and as written (plain letters): each fold that
 * brings two spellings together can also move a typo further away ("Jaari" is one letter from
 * "Jafari", "jari" two), so a typo is compared at the level where it costs least.
 */
export const normalScore = (person: NormalName, listed: NormalName): number => {
  let best = scoreWords(person, listed, foldSpelling)
  for (const [level, fold] of [
    ['spelled', spell],
    ['written', (word: string) => word],
  ] as const) {
    if (best === 100) break
    const same = (name: NormalName) => name[level].every((word, at) => word === name.tokens[at])
    if (same(person) && same(listed)) continue
    const at = (name: NormalName) => ({ ...name, tokens: name[level] })
    best = Math.max(best, scoreWords(at(person), at(listed), fold))
  }
  return best
}

/** The name score of two names as written. */
export const nameScore = (person: string, listed: string): number =>
  normalScore(normalizeName(person), normalizeName(listed))

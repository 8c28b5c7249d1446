/**
 * The people of the sanctions bench, made from a seed (the same seed, the same names): a list
 * shaped like OFAC's SDN list, spellings of its names that a person hiding from screening (or a
 * careless clerk) might write, and ordinary applicants. Name pools: test/fixtures/sanctions/names.ts.
 *
 * - The list: individuals (45%) and entities (55%), as in the SDN list without vessels and
 *   aircraft; individuals by origin as its programs run (Russia, the Middle East, Iran, the
 *   Mexican and Colombian cartels, China, North Korea, a few others), written as OFAC writes them
 *   (`SURNAMES, Given names`), about half with aliases in other transliterations, most with a
 *   birth date in the remarks and an address abroad.
 * - Variants of listed names: typos, look-alike letters of other scripts, full-width or hidden
 *   characters, word order, split and joined words, dots between letters, other
 *   transliterations, accents, case, and middle names or second surnames left out; a second
 *   change on half of them.
 * - Ordinary applicants by the origin of their names in the United States (2020 census and
 *   American Community Survey shares: Hispanic 18.7%, Chinese 1.5%, Indian 1.4%, Arab 1.0%,
 *   Russian 0.9%, Vietnamese 0.7%, Korean 0.6%, Iranian 0.15%, the rest of English or European
 *   origin), some going by an English first name, some with a middle name or initial, some
 *   Hispanic with both surnames.
 */
import { birthDatesIn, type SanctionsEntry } from '@/compliance/sanctions/parse'

import { NAME_POOLS } from '../test/fixtures/sanctions/names'

export type Random = () => number

/** mulberry32: a small, fast generator, the same numbers for the same seed. */
export const seeded = (seed: number): Random => {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

const below = (random: Random, count: number) => Math.floor(random() * count)
const chance = (random: Random, probability: number) => random() < probability
const oneOf = <T>(random: Random, items: readonly T[]): T => items[below(random, items.length)]

/** One item by weight: `[item, weight]` pairs. */
const weighted = <T>(random: Random, items: readonly (readonly [T, number])[]): T => {
  let left = random() * items.reduce((sum, [, weight]) => sum + weight, 0)
  for (const [item, weight] of items) if ((left -= weight) < 0) return item
  return items[items.length - 1][0]
}

/**
 * A ranked pool and the share of people whose name is in it (`coverage`): rank r (from 1) is
 * drawn with weight r^-exponent, and the others get a rare name (the head of one pool name and the
 * tail of another), as real names have a long tail of rare ones that hardly ever meet. Calibrated
 * on published shares: Smith 0.8% of Americans and the top 500 surnames about 30%; Garcia about 2%
 * of Hispanics; Wang and Li 7–8% of Chinese; Kim 21% of Koreans; Nguyen 38% of Vietnamese;
 * Ivanov about 1% of Russians; James or Mary under 2% of everyone.
 */
type Pool = { coverage: number; cumulative: number[]; names: string[] }
const pool = (text: string, coverage: number, exponent: number): Pool => {
  const names = text.split(' ').filter(Boolean)
  let total = 0
  const cumulative = names.map((_, rank) => (total += (rank + 1) ** -exponent))
  return { coverage, cumulative: cumulative.map((value) => value / total), names }
}
const rare = (random: Random, names: string[]): string => {
  const [head, tail] = [oneOf(random, names), oneOf(random, names)]
  const cut = 2 + below(random, Math.max(1, head.length - 3))
  const from = Math.min(tail.length - 2, 1 + below(random, Math.max(1, tail.length - 2)))
  return capitalized(head.slice(0, cut) + tail.slice(from))
}
const draw = (random: Random, { coverage, cumulative, names }: Pool): string => {
  if (random() >= coverage) return rare(random, names)
  const target = random()
  let low = 0
  let high = cumulative.length - 1
  while (low < high) {
    const middle = (low + high) >> 1
    if (cumulative[middle] < target) low = middle + 1
    else high = middle
  }
  return names[low]
}

const POOLS = {
  anglo: {
    first: pool(NAME_POOLS.anglo.first, 0.65, 0.4),
    last: pool(NAME_POOLS.anglo.last, 0.3, 0.5),
  },
  arabic: {
    family: pool(NAME_POOLS.arabic.family, 0.3, 0.5),
    given: pool(NAME_POOLS.arabic.given, 0.75, 0.8),
  },
  chinese: {
    surnames: pool(NAME_POOLS.chinese.surnames, 0.85, 0.7),
    syllables: pool(NAME_POOLS.chinese.syllables, 0.8, 0.5),
  },
  entity: {
    kinds: pool(NAME_POOLS.entity.kinds, 1, 0.7),
    words: pool(NAME_POOLS.entity.words, 1, 0.3),
  },
  hispanic: {
    first: pool(NAME_POOLS.hispanic.first, 0.7, 0.5),
    last: pool(NAME_POOLS.hispanic.last, 0.6, 0.5),
  },
  indian: {
    first: pool(NAME_POOLS.indian.first, 0.4, 0.5),
    last: pool(NAME_POOLS.indian.last, 0.5, 0.6),
  },
  korean: {
    surnames: pool(NAME_POOLS.korean.surnames, 0.95, 1),
    syllables: pool(NAME_POOLS.korean.syllables, 0.9, 0.5),
  },
  persian: {
    family: pool(NAME_POOLS.persian.family, 0.35, 0.5),
    given: pool(NAME_POOLS.persian.given, 0.75, 0.7),
  },
  russian: {
    female: pool(NAME_POOLS.russian.female, 0.85, 0.6),
    male: pool(NAME_POOLS.russian.male, 0.85, 0.6),
    surnames: pool(NAME_POOLS.russian.surnames, 0.3, 0.5),
  },
  vietnamese: {
    given: pool(NAME_POOLS.vietnamese.given, 0.7, 0.5),
    surnames: pool(NAME_POOLS.vietnamese.surnames, 0.95, 1.3),
  },
}

/** Attested spellings of one name (the fixture's groups), by each spelling. */
const SPELLINGS = new Map<string, string[]>(
  NAME_POOLS.spellings.split(';').flatMap((group) => {
    const spellings = group.trim().split(' ')
    return spellings.map((spelling) => [spelling, spellings.filter((other) => other !== spelling)])
  }),
)

/**
 * Another transliteration of one word: an attested spelling when the fixture knows one, else one
 * of the ways romanizations differ (endings, doubled letters, kh/h, ou/u, q/k, ph/f, w/v, ks/x, a
 * vowel of Arabic names). Null when none applies.
 */
const RESPELLINGS: [RegExp, string][] = [
  [/ov$/, 'off'],
  [/ev$/, 'eff'],
  [/y$/, 'iy'],
  [/y$/, 'i'],
  [/i$/, 'y'],
  [/iy$/, 'y'],
  [/ks/, 'x'],
  [/x/, 'ks'],
  [/ph/, 'f'],
  [/kh/, 'h'],
  [/ou/, 'u'],
  [/q/, 'k'],
  [/w/, 'v'],
  [/v/, 'w'],
  [/([^aeiou])\1/, '$1'],
  [/([aeiou])([bdfglmnrst])([aeiou])/, '$1$2$2$3'],
  [/e([^aeiou])/, 'a$1'],
  [/a([^aeiou])$/, 'e$1'],
  [/^Y/, 'I'],
  [/^E/, 'Ye'],
  [/^Ye/, 'E'],
  [/ya/, 'ia'],
  [/yu/, 'iu'],
  [/ch/, 'tch'],
  [/zh/, 'j'],
  [/ts/, 'tz'],
]
export const respell = (random: Random, word: string): null | string => {
  const attested = SPELLINGS.get(word)
  if (attested && chance(random, 0.7)) return oneOf(random, attested)
  const applicable = RESPELLINGS.filter(([pattern]) => pattern.test(word))
  if (!applicable.length) return attested ? oneOf(random, attested) : null
  const [pattern, replacement] = oneOf(random, applicable)
  const changed = word.replace(pattern, replacement)
  return changed === word ? null : changed
}

const capitalized = (word: string) => word[0].toUpperCase() + word.slice(1).toLowerCase()

/** An individual by the parts of the name: surnames and given names, as OFAC orders them. */
type Parts = { given: string[]; surnames: string[] }

const patronymic = (father: string, female: boolean) => {
  const stem = /[aeiouy]$/.test(father) ? father.slice(0, -1) : father
  const suffix = /[aeiouy]$/.test(father) ? 'evich' : 'ovich'
  return female ? `${stem}${suffix.replace('ich', 'na')}` : `${stem}${suffix}`
}
const feminine = (surname: string) =>
  /(ov|ev|in)$/.test(surname)
    ? `${surname}a`
    : /sky$/.test(surname)
      ? surname.replace(/sky$/, 'skaya')
      : surname

const MAKERS: Record<string, (random: Random) => Parts> = {
  anglo: (random) => ({
    given: [draw(random, POOLS.anglo.first), draw(random, POOLS.anglo.first)],
    surnames: [draw(random, POOLS.anglo.last)],
  }),
  arabic: (random) => {
    const given = [draw(random, POOLS.arabic.given), draw(random, POOLS.arabic.given)]
    if (chance(random, 0.5)) given.push(draw(random, POOLS.arabic.given))
    // Without a family name, the father's name stands as the surname.
    if (chance(random, 0.3)) return { given: [given[0], ...given.slice(2)], surnames: [given[1]] }
    return { given, surnames: [draw(random, POOLS.arabic.family)] }
  },
  chinese: (random) => {
    const syllables = chance(random, 0.7) ? 2 : 1
    const given = Array.from({ length: syllables }, () => draw(random, POOLS.chinese.syllables))
    return {
      given: [capitalized(given.join(''))],
      surnames: [draw(random, POOLS.chinese.surnames)],
    }
  },
  hispanic: (random) => ({
    given: chance(random, 0.35)
      ? [draw(random, POOLS.hispanic.first), draw(random, POOLS.hispanic.first)]
      : [draw(random, POOLS.hispanic.first)],
    surnames: [draw(random, POOLS.hispanic.last), draw(random, POOLS.hispanic.last)],
  }),
  indian: (random) => ({
    given: [draw(random, POOLS.indian.first)],
    surnames: [draw(random, POOLS.indian.last)],
  }),
  korean: (random) => ({
    given: [draw(random, POOLS.korean.syllables), draw(random, POOLS.korean.syllables)],
    surnames: [draw(random, POOLS.korean.surnames)],
  }),
  persian: (random) => ({
    given: chance(random, 0.2)
      ? [draw(random, POOLS.persian.given), draw(random, POOLS.persian.given)]
      : [draw(random, POOLS.persian.given)],
    surnames: [draw(random, POOLS.persian.family)],
  }),
  russian: (random) => {
    const female = chance(random, 0.2)
    return {
      given: [
        draw(random, female ? POOLS.russian.female : POOLS.russian.male),
        patronymic(draw(random, POOLS.russian.male), female),
      ],
      surnames: [
        female
          ? feminine(draw(random, POOLS.russian.surnames))
          : draw(random, POOLS.russian.surnames),
      ],
    }
  },
  vietnamese: (random) => ({
    given: [draw(random, POOLS.vietnamese.given), draw(random, POOLS.vietnamese.given)],
    surnames: [draw(random, POOLS.vietnamese.surnames)],
  }),
}

/** The origins of the list's individuals, by the share of its programs. */
const LISTED_ORIGINS = [
  ['russian', 0.31],
  ['arabic', 0.29],
  ['hispanic', 0.15],
  ['persian', 0.1],
  ['chinese', 0.07],
  ['korean', 0.04],
  ['anglo', 0.02],
  ['vietnamese', 0.01],
  ['indian', 0.01],
] as const

const COUNTRIES: Record<string, string[]> = {
  anglo: ['United Kingdom', 'Cyprus', 'Canada'],
  arabic: ['Syria', 'Iraq', 'Lebanon', 'Yemen', 'United Arab Emirates', 'Libya'],
  chinese: ['China', 'Hong Kong'],
  hispanic: ['Mexico', 'Colombia', 'Venezuela'],
  indian: ['India', 'United Arab Emirates'],
  korean: ['Korea, North'],
  persian: ['Iran'],
  russian: ['Russia', 'Belarus', 'Ukraine'],
  vietnamese: ['Vietnam'],
}
const PROGRAMS: Record<string, string[]> = {
  anglo: ['SDGT', 'CYBER2'],
  arabic: ['SDGT', 'SYRIA', 'IRAQ2', 'YEMEN'],
  chinese: ['NPWMD', 'CMIC-EO13959', 'SDNTK'],
  hispanic: ['SDNTK', 'ILLICIT-DRUGS-EO14059', 'VENEZUELA-EO13850'],
  indian: ['SDGT'],
  korean: ['DPRK3', 'NPWMD'],
  persian: ['IRAN', 'IRGC', 'IFSR'],
  russian: ['RUSSIA-EO14024', 'UKRAINE-EO13660', 'BELARUS-EO14038'],
  vietnamese: ['SDNTK'],
}
const ENTITY_COUNTRIES = ['Iran', 'Russia', 'China', 'Syria', 'United Arab Emirates', 'Mexico']
const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ')

/** `SURNAMES, Given names`, surnames in capitals, as the SDN list writes a person. */
const listed = ({ given, surnames }: Parts) =>
  `${surnames.join(' ').toUpperCase()}, ${given.join(' ')}`

/** An alias: another transliteration of a word or two, or the name shortened. */
const aliasOf = (random: Random, parts: Parts, origin: string): Parts => {
  // Korean and Vietnamese given names are one name in two syllables: written apart, hyphenated
  // or run together, never cut.
  if ((origin === 'korean' || origin === 'vietnamese') && chance(random, 0.5)) {
    const [first, ...rest] = parts.given
    const joined = chance(random, 0.5)
      ? [first, ...rest].join('-')
      : first + rest.join('').toLowerCase()
    return { given: [joined], surnames: parts.surnames }
  }
  if (
    !['chinese', 'korean', 'vietnamese'].includes(origin) &&
    parts.given.length > 1 &&
    chance(random, 0.25)
  )
    return { given: [parts.given[0]], surnames: parts.surnames }
  const given = parts.given.map((word) => (chance(random, 0.6) && respell(random, word)) || word)
  const surnames = parts.surnames.map(
    (word) => (chance(random, 0.4) && respell(random, word)) || word,
  )
  return { given, surnames }
}

const entityName = (random: Random) => {
  const words = Array.from({ length: chance(random, 0.6) ? 2 : 3 }, () =>
    draw(random, POOLS.entity.words),
  )
  return [...words, draw(random, POOLS.entity.kinds)].join(' ').toUpperCase()
}

export type ListedPerson = { entNum: number; origin: string; parts: Parts | null }

/** A list of `size` entries (ent_num from 10001) and, by entry, how each individual's name is made. */
export const generateList = (
  random: Random,
  size: number,
): { entries: SanctionsEntry[]; people: ListedPerson[] } => {
  const entries: SanctionsEntry[] = []
  const people: ListedPerson[] = []
  for (let index = 0; index < size; index += 1) {
    const entNum = 10_001 + index
    if (chance(random, 0.55)) {
      const name = entityName(random)
      const names = chance(random, 0.3) ? [name, name.split(' ').slice(0, -1).join(' ')] : [name]
      entries.push({
        addresses: [{ address: null, city: null, country: oneOf(random, ENTITY_COUNTRIES) }],
        birthDates: [],
        entNum,
        names,
        programs: 'SDGT',
        remarks: null,
        type: null,
      })
      people.push({ entNum, origin: 'entity', parts: null })
      continue
    }
    const origin = weighted(random, LISTED_ORIGINS)
    const parts = MAKERS[origin](random)
    const names = [listed(parts)]
    if (chance(random, 0.5))
      for (let alias = 0; alias < 1 + below(random, 2); alias += 1)
        names.push(listed(aliasOf(random, parts, origin)))
    const day = String(1 + below(random, 28)).padStart(2, '0')
    const dob = `${day} ${oneOf(random, MONTHS)} ${1940 + below(random, 50)}`
    const remarks = chance(random, 0.8) ? `DOB ${dob}.` : null
    entries.push({
      addresses: chance(random, 0.7)
        ? [{ address: null, city: null, country: oneOf(random, COUNTRIES[origin]) }]
        : [],
      birthDates: birthDatesIn(remarks),
      entNum,
      names: [...new Set(names)],
      programs: oneOf(random, PROGRAMS[origin]),
      remarks,
      type: 'individual',
    })
    people.push({ entNum, origin, parts })
  }
  return { entries, people }
}

/** A written name as words: `SURNAMES, Given` turned to `Given Surnames`, each word capitalized. */
const wordsOf = (name: string): { given: string[]; surnames: string[] } => {
  const [before, after] = name.split(', ')
  const words = (part = '') => part.split(' ').filter(Boolean).map(capitalized)
  return after === undefined
    ? { given: [], surnames: words(before) }
    : { given: words(after), surnames: words(before) }
}

const KEYBOARD = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm']
const neighbour = (random: Random, letter: string): string => {
  const lower = letter.toLowerCase()
  const row = KEYBOARD.find((keys) => keys.includes(lower))
  if (!row) return letter
  const at = row.indexOf(lower)
  const near = [row[at - 1], row[at + 1]].filter(Boolean)
  const replacement = oneOf(random, near)
  return letter === lower ? replacement : replacement.toUpperCase()
}

/** One typo in a word: a neighbouring key, a letter left out, one typed twice, two swapped. */
const typo = (random: Random, word: string): string => {
  const at = below(random, word.length)
  switch (below(random, 4)) {
    case 0:
      return word.slice(0, at) + neighbour(random, word[at]) + word.slice(at + 1)
    case 1:
      return word.slice(0, at) + word.slice(at + 1)
    case 2:
      return word.slice(0, at) + word[at] + word.slice(at)
    default: {
      const from = Math.min(at, word.length - 2)
      return word.slice(0, from) + word[from + 1] + word[from] + word.slice(from + 2)
    }
  }
}

const LOOK_ALIKES: Record<string, string[]> = {
  A: ['А', 'Α'],
  B: ['В', 'Β'],
  C: ['С'],
  E: ['Е', 'Ε'],
  H: ['Н', 'Η'],
  I: ['І', 'Ι'],
  K: ['К', 'Κ'],
  M: ['М', 'Μ'],
  N: ['Ν'],
  O: ['О', 'Ο'],
  P: ['Р', 'Ρ'],
  S: ['Ѕ'],
  T: ['Т', 'Τ'],
  X: ['Х', 'Χ'],
  Y: ['У', 'Υ'],
  a: ['а', 'ɑ'],
  c: ['с'],
  e: ['е'],
  i: ['і', 'ı'],
  j: ['ј'],
  o: ['о', 'ο', '0'],
  p: ['р', 'ρ'],
  s: ['ѕ'],
  x: ['х'],
  y: ['у'],
}
const ACCENTED: Record<string, string[]> = {
  a: ['á', 'à', 'â', 'ä', 'ã'],
  c: ['ç', 'č'],
  e: ['é', 'è', 'ê', 'ë'],
  i: ['í', 'ï', 'î'],
  n: ['ñ'],
  o: ['ó', 'ö', 'ô', 'ø'],
  s: ['š', 'ş'],
  u: ['ú', 'ü', 'û'],
  y: ['ý'],
  z: ['ž'],
}
const INVISIBLE = ['\u200b', '\u200c', '\u200d', '\u00ad', '\u2060']

/** Up to `count` letters replaced where `table` has a replacement. */
const replaceLetters = (
  random: Random,
  text: string,
  table: Record<string, string[]>,
  count: number,
) => {
  const chars = [...text]
  const places = chars.flatMap((char, at) => (table[char] ? [at] : []))
  for (let done = 0; done < count && places.length; done += 1) {
    const [at] = places.splice(below(random, places.length), 1)
    chars[at] = oneOf(random, table[chars[at]])
  }
  return chars.join('')
}

/** Changes to the words of a name, then to its text. Each returns null when it does not apply. */
type Words = { given: string[]; surnames: string[] }
const WORD_CHANGES: Record<
  string,
  (random: Random, words: string[], parts: Words) => null | string[]
> = {
  drop: (random, words, { given, surnames }) =>
    words.length >= 3 && given.length && surnames.length ? [given[0], surnames[0]] : null,
  join: (random, words) => {
    if (words.length < 2) return null
    const at = below(random, words.length - 1)
    const joined = chance(random, 0.5) ? words[at + 1].toLowerCase() : words[at + 1]
    return [...words.slice(0, at), words[at] + joined, ...words.slice(at + 2)]
  },
  order: (random, words) => {
    if (new Set(words).size < 2) return null
    const shuffled = [...words]
    while (shuffled.join(' ') === words.join(' ')) shuffled.sort(() => random() - 0.5)
    return shuffled
  },
  split: (random, words) => {
    const long = words.flatMap((word, at) => (word.length >= 5 ? [at] : []))
    if (!long.length) return null
    const at = oneOf(random, long)
    const cut = 1 + below(random, words[at].length - 1)
    const [head, tail] = [words[at].slice(0, cut), words[at].slice(cut)]
    return [
      ...words.slice(0, at),
      head,
      chance(random, 0.5) ? tail : capitalized(tail),
      ...words.slice(at + 1),
    ]
  },
  transliteration: (random, words) => {
    const changed = words.map((word) => (chance(random, 0.5) && respell(random, word)) || word)
    if (changed.join(' ') !== words.join(' ')) return changed
    const at = below(random, words.length)
    const one = respell(random, words[at])
    return one ? [...words.slice(0, at), one, ...words.slice(at + 1)] : null
  },
  typo: (random, words) => {
    const long = words.flatMap((word, at) => (word.length >= 3 ? [at] : []))
    if (!long.length) return null
    const at = oneOf(random, long)
    return [...words.slice(0, at), typo(random, words[at]), ...words.slice(at + 1)]
  },
  typo2: (random, words) => {
    const long = words.flatMap((word, at) => (word.length >= 4 ? [at] : []))
    if (long.length < 2) return null
    const first = long.splice(below(random, long.length), 1)[0]
    const second = oneOf(random, long)
    return words.map((word, at) => (at === first || at === second ? typo(random, word) : word))
  },
}
const TEXT_CHANGES: Record<string, (random: Random, text: string) => null | string> = {
  accents: (random, text) => replaceLetters(random, text, ACCENTED, 1 + below(random, 3)),
  case: (random, text) =>
    oneOf(random, [
      text.toLowerCase(),
      text.toUpperCase(),
      [...text]
        .map((char) => (chance(random, 0.5) ? char.toUpperCase() : char.toLowerCase()))
        .join(''),
    ]),
  confusable: (random, text) => replaceLetters(random, text, LOOK_ALIKES, 1 + below(random, 3)),
  dots: (random, text) => {
    const words = text.split(' ')
    if (chance(random, 0.3) && words.length > 1) return words.join('.')
    const at = below(random, words.length)
    words[at] = [...words[at]].join('.')
    return words.join(' ')
  },
  fullwidth: (_random, text) =>
    [...text]
      .map((char) =>
        char === ' '
          ? '\u3000'
          : /[!-~]/.test(char)
            ? String.fromCharCode(char.charCodeAt(0) + 0xfee0)
            : char,
      )
      .join(''),
  invisible: (random, text) => {
    const chars = [...text]
    for (let done = 0; done < 1 + below(random, 2); done += 1)
      chars.splice(1 + below(random, chars.length - 1), 0, oneOf(random, INVISIBLE))
    return chars.join('')
  },
  letters: (random, text) => {
    const words = text.split(' ')
    const at = below(random, words.length)
    words[at] = [...words[at]].join(' ')
    return words.join(' ')
  },
}
export const VARIANT_KINDS = [...Object.keys(WORD_CHANGES), ...Object.keys(TEXT_CHANGES)]

export type Variant = { entNum: number; kinds: string[]; name: string; source: string }

/**
 * `count` variants of listed names (individuals 85%, entities 15%; a primary name or an alias):
 * each with one change of every kind in turn, and a second change of another kind on half.
 */
export const generateVariants = (
  random: Random,
  entries: SanctionsEntry[],
  count: number,
): Variant[] => {
  const people = entries.filter((entry) => entry.type === 'individual')
  const entities = entries.filter((entry) => entry.type !== 'individual')
  const variants: Variant[] = []
  while (variants.length < count) {
    const entry = oneOf(random, chance(random, 0.85) ? people : entities)
    const source = chance(random, 0.7) ? entry.names[0] : oneOf(random, entry.names)
    const parts = wordsOf(source)
    const words = [...parts.given, ...parts.surnames]
    const kinds = [VARIANT_KINDS[variants.length % VARIANT_KINDS.length]]
    if (chance(random, 0.5))
      kinds.push(
        oneOf(
          random,
          VARIANT_KINDS.filter((kind) => kind !== kinds[0]),
        ),
      )
    let changed: null | string[] = words
    for (const kind of kinds)
      if (changed && WORD_CHANGES[kind]) changed = WORD_CHANGES[kind](random, changed, parts)
    let text = changed?.join(' ') ?? null
    for (const kind of kinds)
      if (text !== null && TEXT_CHANGES[kind]) text = TEXT_CHANGES[kind](random, text)
    if (text === null || text === words.join(' ')) continue
    variants.push({ entNum: entry.entNum, kinds, name: text, source })
  }
  return variants
}

/** The origins of applicants' names in the United States (census shares). */
const ORDINARY_ORIGINS = [
  ['anglo', 0.7505],
  ['hispanic', 0.187],
  ['chinese', 0.015],
  ['indian', 0.014],
  ['arabic', 0.01],
  ['russian', 0.009],
  ['vietnamese', 0.007],
  ['korean', 0.006],
  ['persian', 0.0015],
] as const

/**
 * How many applicants of each origin go by an English first name (born or raised in the United
 * States: Jennifer Garcia, Kevin Wang), estimated.
 */
const ENGLISH_FIRST_NAME: Record<string, number> = {
  arabic: 0.3,
  chinese: 0.6,
  hispanic: 0.4,
  indian: 0.15,
  korean: 0.5,
  persian: 0.3,
  russian: 0.25,
  vietnamese: 0.4,
}

/** An applicant as a credit app names one: first name (sometimes a middle name or initial), last name. */
const ordinaryName = (random: Random, origin: string): string => {
  const name = ordinaryOfOrigin(random, origin)
  if (!chance(random, ENGLISH_FIRST_NAME[origin] ?? 0)) return name
  const words = name.split(' ')
  return [draw(random, POOLS.anglo.first), words[words.length - 1]].join(' ')
}

const ordinaryOfOrigin = (random: Random, origin: string): string => {
  switch (origin) {
    case 'anglo': {
      const first = draw(random, POOLS.anglo.first)
      const last = draw(random, POOLS.anglo.last)
      const middle = weighted(random, [
        ['', 0.7],
        [`${draw(random, POOLS.anglo.first)[0]}.`, 0.2],
        [draw(random, POOLS.anglo.first), 0.1],
      ] as const)
      return [first, middle, last].filter(Boolean).join(' ')
    }
    case 'hispanic': {
      const first = draw(random, POOLS.hispanic.first)
      const last = [draw(random, POOLS.hispanic.last)]
      if (chance(random, 0.25)) last.push(draw(random, POOLS.hispanic.last))
      return `${first} ${last.join(chance(random, 0.2) ? '-' : ' ')}`
    }
    case 'arabic':
      return `${draw(random, POOLS.arabic.given)} ${
        chance(random, 0.5) ? draw(random, POOLS.arabic.family) : draw(random, POOLS.arabic.given)
      }`
    case 'russian': {
      const female = chance(random, 0.5)
      const surname = draw(random, POOLS.russian.surnames)
      return `${draw(random, female ? POOLS.russian.female : POOLS.russian.male)} ${female ? feminine(surname) : surname}`
    }
    default: {
      const { given, surnames } = MAKERS[origin](random)
      return `${given.join(' ')} ${surnames.join(' ')}`
    }
  }
}

export const generateOrdinaryNames = (random: Random, count: number): string[] =>
  Array.from({ length: count }, () => ordinaryName(random, weighted(random, ORDINARY_ORIGINS)))

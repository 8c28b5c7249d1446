/**
 * SSNs in free text: one detector for every text field that may carry one (what each field does
 * with one, refuse or redact: ./ssnFields.ts). Pure: no Payload, no I/O.
 *
 * **What reads as an SSN**: nine digits grouped as an SSN is, 3-2-4, whatever stands between the
 * groups or inside them — `123-45-6789`, `123/45/6789`, `123_45_6789`, `123.45.6789`,
 * `123 45 6789`, `1 2 3 4 5 6 7 8 9`, `(123) 45-6789`, `123 --- 45 --- 6789`, `123x45x6789` — or
 * 3-6 (`123-456789`, a dash left out), or nine digits together (`123456789`).
 * A digit is any decimal digit (full-width `１２３`, Arabic-Indic…) or a digit word in English
 * (`zero`, `oh`, `o`, `one` … `nine`) or Spanish (`cero`, `uno` … `nueve`), any letter case, apart
 * or run together, mixed freely with digits. Between two digits may stand any run of characters
 * that are neither letters nor digits made of at most four different ones (every kind of space is
 * the same one; a lone `x` is one too). The text is read as it is seen: what displays as nothing
 * is ignored (every default-ignorable code point — zero-width spaces, soft hyphens, variation
 * selectors, Hangul fillers, bidi controls — and combining marks), what displays as blank is a
 * space (control characters, the braille blank U+2800). It is read a second time with HTML
 * character references (`&#49;`, `&#x31;`, `&amp;`; one not known stands for a separator) and
 * URL escapes (`%2D`, `%EF%BC%91`) decoded once, and again with each right-to-left override
 * (U+202E) run reversed; where bidi controls or right-to-left letters (Hebrew, Arabic…) stand, a
 * reader may see the groups in reverse order, so 4-2-3 and 6-3 count too. Spans are always in the
 * text's own positions (an encoded or reversed SSN is removed whole).
 * A longer number does not hide one: `123-45-6789 2020` holds one.
 *
 * **What does not**, because its digits are not grouped as an SSN's: phone numbers (10 digits, or
 * 11 starting with 1, grouped 3-3-4 however written; anything after a `+`), ZIP+4 (`90026-1234`,
 * 5-4), dates (`2024-01-15`, `01/15/2024`: 8 digits), times, VINs (17 letters and digits), prices
 * (`$123,456,789`: 3-3-3), credit scores, mileages, EINs (`12-3456789`: 2-7), order numbers
 * (`123-45-67890`: 3-2-5), dimensions (`123 x 45 x 67`), version numbers.
 *
 * **Valid or not**: the SSA never issues areas 000, 666 or 900–999, groups 00 or serials 0000,
 * but no such rule is applied here: ITINs (9xx) are as private as SSNs, test data and attackers
 * use 9xx (`987-65-4322`), and a reader cannot tell an issued number from one that is not.
 * **Known limits**: nine digits together are caught whatever they are (a bank routing or account
 * number written alone), as is any number grouped 3-2-4 (an IPv4 address grouped 3-2-…
 * `172.16.254.1`, a part number `123x45x6789`), and beside bidi controls or right-to-left letters
 * one grouped 4-2-3 (`1234 56 789`); an SSN written with tens (`sixty-five`), with letters for
 * digits (`O`, `l` inside digits), in digit words of other languages, encoded twice
 * (`&amp;#49;`), or spaced beside one more digit so that it reads as a phone number
 * (`1 2 3 4 5 6 7 8 9 0`) is not caught.
 */

/** Where one is, in UTF-16 code units of the text given: `text.slice(start, end)`. */
export type SsnSpan = { end: number; start: number }

/** What a redacted SSN is stored as. */
export const SSN_REDACTED = '[SSN removed]'

const DIGIT_WORDS: Record<string, string> = {
  cero: '0',
  cinco: '5',
  cuatro: '4',
  dos: '2',
  eight: '8',
  five: '5',
  four: '4',
  nine: '9',
  nueve: '9',
  o: '0',
  ocho: '8',
  oh: '0',
  one: '1',
  seis: '6',
  seven: '7',
  siete: '7',
  six: '6',
  three: '3',
  tres: '3',
  two: '2',
  uno: '1',
  zero: '0',
}
const WORDS = Object.keys(DIGIT_WORDS)
const FIRST_LETTERS = new Set(WORDS.map((word) => word[0]))
const LAST_LETTERS = new Set(WORDS.map((word) => word[word.length - 1]))
/** The longest letter run that may be digit words only: nine of the longest words. */
const MAX_WORD_RUN = 9 * Math.max(...WORDS.map((word) => word.length))
/** Different characters (all spaces one) that may stand between two digits of one number. */
const MAX_GAP = 4
const SSN_DIGITS = 9

const ND = /\p{Nd}/u
const DASH = /[\p{Pd}\u2212]/u
/** What displays as nothing: read as if it were not there. */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{M}]/u
/** What displays as blank: read as a space. */
const BLANK = /[\s\p{Cc}\u2800]/u
/** Bidi controls and right-to-left letters: where a reader may see number groups reordered. */
const REORDERING =
  /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u
const OVERRIDE = '\u202e'
/** What ends a right-to-left override: its pop, an isolate's, a line's end. */
const OVERRIDE_END = /[\u202c\u2069\n\r\u2028\u2029]/

/** A decimal digit of any script: every such block runs 0–9, so its value is its offset mod 10. */
const digitValues = new Map<number, string>()
const digitOf = (char: string): string => {
  const point = char.codePointAt(0)!
  let value = digitValues.get(point)
  if (value === undefined) {
    let zero = point
    while (zero > 0 && ND.test(String.fromCodePoint(zero - 1))) zero--
    value = String((point - zero) % 10)
    digitValues.set(point, value)
  }
  return value
}

/**
 * The text as it is read: lower case, every digit ASCII, every dash `-`, every blank ` `,
 * invisible characters dropped, compatibility forms (full-width, circled) folded (NFKC). `from[i]`
 * and `to[i]` give the span of the original text that folded character i came from (null: the
 * same index).
 */
type Folded = { from: null | number[]; text: string; to: null | number[] }

/** One code point beyond ASCII as it is read (none, for an invisible one); `seen` caches. */
const foldPoint = (point: string, seen: Map<string, string>): string => {
  let folded = seen.get(point)
  if (folded === undefined) {
    folded = INVISIBLE.test(point)
      ? ''
      : BLANK.test(point)
        ? ' '
        : [...point.normalize('NFKC').toLowerCase()]
            .map((char) =>
              char >= '0' && char <= '9'
                ? char
                : ND.test(char)
                  ? digitOf(char)
                  : DASH.test(char)
                    ? '-'
                    : INVISIBLE.test(char)
                      ? ''
                      : BLANK.test(char)
                        ? ' '
                        : char,
            )
            .join('')
    seen.set(point, folded)
  }
  return folded
}

/** Characters of a reading, each with the span of the original text it stands for. */
type Units = { chars: string[]; ends: number[]; starts: number[] }

const foldUnits = ({ chars, ends, starts }: Units): Folded => {
  const out: string[] = []
  const from: number[] = []
  const to: number[] = []
  const seen = new Map<string, string>()
  for (let i = 0; i < chars.length; i++) {
    const point = chars[i]
    const folded = point >= ' ' && point < '\u007f' ? point.toLowerCase() : foldPoint(point, seen)
    for (const char of folded) {
      out.push(char)
      from.push(starts[i])
      to.push(ends[i])
    }
  }
  return { from, text: out.join(''), to }
}

/** The text's code points as units, each standing for itself. */
const unitsOf = (text: string): Units => {
  const units: Units = { chars: [], ends: [], starts: [] }
  let index = 0
  for (const point of text) {
    units.chars.push(point)
    units.starts.push(index)
    units.ends.push((index += point.length))
  }
  return units
}

const fold = (text: string): Folded =>
  /^[\t\n\r\u0020-\u007e]*$/.test(text)
    ? { from: null, text: text.toLowerCase(), to: null }
    : foldUnits(unitsOf(text))

/** Named character references that may stand in a number; any other reads as a separator. */
const NAMED: Record<string, string> = {
  amp: '&',
  apos: "'",
  colon: ':',
  comma: ',',
  dash: '-',
  emsp: ' ',
  ensp: ' ',
  frac12: '½',
  frac14: '¼',
  frac34: '¾',
  gt: '>',
  hairsp: ' ',
  hyphen: '-',
  lowbar: '_',
  lt: '<',
  mdash: '-',
  minus: '-',
  nbsp: ' ',
  ndash: '-',
  num: '#',
  numsp: ' ',
  period: '.',
  quot: '"',
  sol: '/',
  sup1: '1',
  sup2: '2',
  sup3: '3',
  thinsp: ' ',
}
/** A character reference, or a run of URL escapes. */
const ENCODED = /&#x([0-9a-f]{1,6});?|&#([0-9]{1,7});?|&([a-z][a-z0-9]{1,31});|(?:%[0-9a-f]{2})+/gi
/** One escaped UTF-8 sequence: an ASCII byte, or a lead byte and its continuation bytes. */
const ESCAPED_SEQUENCE =
  /%[0-7][0-9a-f]|%[cd][0-9a-f](?:%[89ab][0-9a-f])|%e[0-9a-f](?:%[89ab][0-9a-f]){2}|%f[0-4](?:%[89ab][0-9a-f]){3}|%[0-9a-f]{2}/gi

const unescapedSequences = new Map<string, string>()
/** One escaped sequence as its character (U+FFFD: not UTF-8). */
const unescaped = (sequence: string): string => {
  let char = unescapedSequences.get(sequence)
  if (char === undefined) {
    try {
      char = decodeURIComponent(sequence)
    } catch {
      char = '\ufffd'
    }
    if (unescapedSequences.size < 10_000) unescapedSequences.set(sequence, char)
  }
  return char
}

/** The text with character references and URL escapes decoded once; null when it has none. */
const decoded = (text: string): null | Units => {
  if (!/&[#a-z]|%[0-9a-f]{2}/i.test(text)) return null
  const units: Units = { chars: [], ends: [], starts: [] }
  const push = (char: string, start: number, end: number) => {
    units.chars.push(char)
    units.starts.push(start)
    units.ends.push(end)
  }
  const copy = (from: number, to: number) => {
    for (let i = from; i < to;) {
      const point = String.fromCodePoint(text.codePointAt(i)!)
      push(point, i, (i += point.length))
    }
  }
  let at = 0
  for (const match of text.matchAll(ENCODED)) {
    const [whole, hex, decimal, name] = match
    copy(at, match.index)
    at = match.index + whole.length
    if (name !== undefined) {
      push(NAMED[name.toLowerCase()] ?? '\ufffd', match.index, at)
    } else if (hex !== undefined || decimal !== undefined) {
      const point = hex !== undefined ? parseInt(hex, 16) : Number(decimal)
      const valid = point <= 0x10ffff && (point < 0xd800 || point > 0xdfff)
      push(valid ? String.fromCodePoint(point) : '\ufffd', match.index, at)
    } else {
      for (const sequence of whole.matchAll(ESCAPED_SEQUENCE)) {
        const start = match.index + sequence.index
        push(unescaped(sequence[0]), start, start + sequence[0].length)
      }
    }
  }
  copy(at, text.length)
  return units
}

/** The text with each right-to-left override run reversed, as it displays; null without one. */
const overridden = (text: string): null | Units => {
  if (!text.includes(OVERRIDE)) return null
  const units = unitsOf(text)
  const { chars } = units
  for (let i = 0; i < chars.length; i++) {
    if (chars[i] !== OVERRIDE) continue
    let end = i + 1
    while (end < chars.length && !OVERRIDE_END.test(chars[end])) end++
    for (let left = i + 1, right = end - 1; left < right; left++, right--)
      for (const list of [units.chars, units.starts, units.ends] as unknown[][])
        [list[left], list[right]] = [list[right], list[left]]
    i = end
  }
  return units
}

const isDigit = (char: string) => char >= '0' && char <= '9'

/** A letter run that is digit words only (`nine`, `nineeight`, `oh`), as its digits; else null. */
const wordDigits = (run: string): null | string => {
  if (
    run.length > MAX_WORD_RUN ||
    !FIRST_LETTERS.has(run[0]) ||
    !LAST_LETTERS.has(run[run.length - 1])
  )
    return null
  // digits[i]: the digits of run.slice(i) read as words, or null when it cannot be.
  const digits: (null | string)[] = new Array(run.length + 1).fill(null)
  digits[run.length] = ''
  for (let i = run.length - 1; i >= 0; i--)
    for (const word of WORDS)
      if (run.startsWith(word, i) && digits[i + word.length] !== null) {
        digits[i] = DIGIT_WORDS[word] + digits[i + word.length]
        break
      }
  return digits[0]
}

/** 17 letters and digits of a VIN's alphabet (no I, O, Q), with at least one of each. */
const VIN_WORD = /(?<![\p{L}\p{Nd}])[a-z0-9]{17}(?![\p{L}\p{Nd}])/gu
const maskVins = (text: string): string =>
  text.replace(VIN_WORD, (word) =>
    /^[a-hj-npr-z0-9]+$/.test(word) && /[a-z]/.test(word) && /\d/.test(word)
      ? 'x'.repeat(word.length)
      : word,
  )

/** A number of the text: a digit run or a run of digit words, where it stands in the folded text. */
type Token = { digits: string; end: number; start: number }

/** Digit runs and letter runs: what a number is made of, and what ends one. */
const PIECE = /[0-9]+|\p{L}+/gu
const SPACE = /\s/

/** Does the gap between two numbers hold more than MAX_GAP different characters? */
const wideGap = (text: string, start: number, end: number): boolean => {
  if (end - start <= MAX_GAP) return false
  const kinds = new Set<string>()
  for (let i = start; i < end; i++) {
    kinds.add(SPACE.test(text[i]) ? ' ' : text[i])
    if (kinds.size > MAX_GAP) return true
  }
  return false
}

/** The text's numbers, in runs: numbers with a narrow gap (no letters) between them. */
const runsOf = (text: string): Token[][] => {
  const runs: Token[][] = []
  let run: Token[] = []
  const read = new Map<string, null | string>()
  for (const match of text.matchAll(PIECE)) {
    const piece = match[0]
    const start = match.index
    // A lone x separates (`123x45x6789`), as in a gap.
    if (piece === 'x') continue
    let digits = isDigit(piece[0]) ? piece : read.get(piece)
    if (digits === undefined) read.set(piece, (digits = wordDigits(piece)))
    if (digits === null) {
      if (run.length) runs.push(run)
      run = []
      continue
    }
    const previous = run[run.length - 1]
    if (previous && wideGap(text, previous.end, start)) {
      runs.push(run)
      run = []
    }
    run.push({ digits, end: start + piece.length, start })
  }
  if (run.length) runs.push(run)
  return runs
}

/** Breaks after each of `groups` (3-3-4 for a US phone number), all present among the run's. */
const groupedAs = (tokens: Token[], groups: number[]): boolean => {
  const breaks = new Set<number>()
  let at = 0
  for (const token of tokens) breaks.add((at += token.digits.length))
  let want = 0
  return groups.every((group) => breaks.has((want += group)))
}

/** A phone number: 10 digits (11 with a leading 1) grouped 3-3-4, or anything after a `+`. */
const isPhone = (run: Token[], text: string): boolean => {
  const digits = run.map((token) => token.digits).join('')
  let before = run[0].start - 1
  while (before >= 0 && (text[before] === ' ' || text[before] === '(')) before--
  if (text[before] === '+' && digits.length >= 10 && digits.length <= 15) return true
  if (digits.length === 10) return groupedAs(run, [3, 3, 4])
  return digits.length === 11 && digits[0] === '1' && groupedAs(run, [1, 3, 3, 4])
}

/**
 * The SSNs of a run of numbers: windows of nine digits grouped as an SSN (`reordered`: or as one
 * read with its groups in reverse order, 4-2-3 or 6-3).
 */
const ssnsOf = (run: Token[], text: string, reordered: boolean, found: SsnSpan[]): void => {
  if (isPhone(run, text)) return
  for (let first = 0; first < run.length; first++) {
    // Nine digits together, 3-6, or groups breaking after digits 3 and 5 (3-2-4 however split).
    let count = 0
    let breaks = 0
    let reverseBreaks = 0
    for (let last = first; last < run.length && count < SSN_DIGITS; last++) {
      count += run[last].digits.length
      if (count === 3 || count === 5) breaks++
      if (count === 4 || count === 6) reverseBreaks++
      const pair = last === first + 1
      const together =
        last === first ||
        (pair && run[first].digits.length === 3) ||
        (reordered && pair && run[first].digits.length === 6)
      if (
        count === SSN_DIGITS &&
        (together || breaks === 2 || (reordered && reverseBreaks === 2))
      ) {
        const span = { end: run[last].end, start: run[first].start }
        // Found in order of start: one overlapping the last found extends it.
        const previous = found[found.length - 1]
        if (previous && span.start <= previous.end) previous.end = Math.max(previous.end, span.end)
        else found.push(span)
      }
    }
  }
}

/** Spans in order of start, each overlapping or touching the one before merged into it. */
const merged = (spans: SsnSpan[]): SsnSpan[] => {
  const out: SsnSpan[] = []
  for (const span of spans.sort((a, b) => a.start - b.start || a.end - b.end)) {
    const previous = out[out.length - 1]
    if (previous && span.start <= previous.end) previous.end = Math.max(previous.end, span.end)
    else out.push({ ...span })
  }
  return out
}

/** Where the text holds what reads as an SSN, in order, in the text's own positions. */
export const findSsns = (text: string): SsnSpan[] => {
  const reordered = REORDERING.test(text)
  const readings = [fold(text)]
  for (const units of [decoded(text), overridden(text)]) if (units) readings.push(foldUnits(units))
  const found = readings.map(({ from, text: folded, to }) => {
    const masked = maskVins(folded)
    const spans: SsnSpan[] = []
    for (const run of runsOf(masked)) ssnsOf(run, masked, reordered, spans)
    return from && to
      ? spans.map(({ end, start }) => ({ end: to[end - 1], start: from[start] }))
      : spans
  })
  // Each reading's spans are in order; those of several are merged.
  const some = found.filter((spans) => spans.length)
  return some.length > 1 ? merged(some.flat()) : (some[0] ?? [])
}

/** Does the value hold what reads as an SSN? Anything but a string does not. */
export const holdsSsn = (value: unknown): boolean =>
  typeof value === 'string' && findSsns(value).length > 0

/** The text with each SSN in it replaced by SSN_REDACTED, and how many there were. */
export const redactSsns = (text: string): { count: number; text: string } => {
  const spans = findSsns(text)
  let out = ''
  let at = 0
  for (const { end, start } of spans) {
    out += text.slice(at, start) + SSN_REDACTED
    at = end
  }
  return { count: spans.length, text: spans.length ? out + text.slice(at) : text }
}

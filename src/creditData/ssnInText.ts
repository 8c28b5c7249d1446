/**
 * SSNs in free text: one detector for every text field that may carry one (what each field does
 * with one, refuse or redact: ./ssnFields.ts). Pure: no Payload, no I/O.
 *
 * **What reads as an SSN**: nine digits grouped as an SSN is, 3-2-4, whatever stands between the
 * groups or inside them — `123-45-6789`, `123/45/6789`, `123_45_6789`, `123.45.6789`,
 * `123 45 6789`, `1 2 3 4 5 6 7 8 9`, `(123) 45-6789` — or 3-6 (`123-456789`, a dash left out),
 * or nine digits together (`123456789`).
 * A digit is any decimal digit (full-width `１２３`, Arabic-Indic…) or an English digit word
 * (`zero`, `oh`, `o`, `one` … `nine`, any letter case, apart or run together), mixed freely with
 * digits. Between two digits may stand up to four characters that are neither letters nor digits
 * (spaces of any kind count as one); invisible format characters (zero-width spaces, soft
 * hyphens) are ignored. A longer number does not hide one: `123-45-6789 2020` holds one.
 *
 * **What does not**, because its digits are not grouped as an SSN's: phone numbers (10 digits, or
 * 11 starting with 1, grouped 3-3-4 however written; anything after a `+`), ZIP+4 (`90026-1234`,
 * 5-4), dates (`2024-01-15`, `01/15/2024`: 8 digits), VINs (17 letters and digits), prices
 * (`$123,456,789`: 3-3-3), credit scores, mileages, EINs (`12-3456789`: 2-7).
 *
 * **Valid or not**: the SSA never issues areas 000, 666 or 900–999, groups 00 or serials 0000,
 * but no such rule is applied here: ITINs (9xx) are as private as SSNs, test data and attackers
 * use 9xx (`987-65-4322`), and a reader cannot tell an issued number from one that is not.
 * **Known limits**: nine digits together are caught whatever they are (a bank routing or account
 * number written alone), an IPv4 address grouped 3-2-… (`172.16.254.1`) reads as one, and an SSN
 * written with tens (`sixty-five`), with letters for digits (`O`, `l` inside digits) or spaced
 * beside one more digit so that it reads as a phone number (`1 2 3 4 5 6 7 8 9 0`) is not caught.
 */

/** Where one is, in UTF-16 code units of the text given: `text.slice(start, end)`. */
export type SsnSpan = { end: number; start: number }

/** What a redacted SSN is stored as. */
export const SSN_REDACTED = '[SSN removed]'

const DIGIT_WORDS: Record<string, string> = {
  eight: '8',
  five: '5',
  four: '4',
  nine: '9',
  o: '0',
  oh: '0',
  one: '1',
  seven: '7',
  six: '6',
  three: '3',
  two: '2',
  zero: '0',
}
const WORDS = Object.keys(DIGIT_WORDS)
/** The longest letter run that may be digit words only: nine words of at most five letters. */
const MAX_WORD_RUN = 45
/** Characters (spaces counted once) that may stand between two digits of one number. */
const MAX_GAP = 4
const SSN_DIGITS = 9

const ND = /\p{Nd}/u
const DASH = /[\p{Pd}\u2212]/u
const FORMAT = /\p{Cf}/u
const SPACE = /\s/u

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
 * The text as it is read: lower case, every digit ASCII, every dash `-`, every space ` `, format
 * characters dropped, compatibility forms (full-width, circled) folded (NFKC). `from[i]`/`to[i]`
 * give the span of the original text that folded character i came from (null: the same index).
 */
type Folded = { from: null | number[]; text: string; to: null | number[] }

/** One code point beyond ASCII as it is read (none, for a format character); `seen` caches. */
const foldPoint = (point: string, seen: Map<string, string>): string => {
  let folded = seen.get(point)
  if (folded === undefined) {
    folded = FORMAT.test(point)
      ? ''
      : [...point.normalize('NFKC').toLowerCase()]
          .map((char) =>
            char >= '0' && char <= '9'
              ? char
              : ND.test(char)
                ? digitOf(char)
                : DASH.test(char)
                  ? '-'
                  : SPACE.test(char)
                    ? ' '
                    : char,
          )
          .join('')
    seen.set(point, folded)
  }
  return folded
}

const fold = (text: string): Folded => {
  // eslint-disable-next-line no-control-regex -- ASCII is the range tested
  if (/^[\u0000-\u007f]*$/.test(text)) return { from: null, text: text.toLowerCase(), to: null }
  const out: string[] = []
  const from: number[] = []
  const to: number[] = []
  const seen = new Map<string, string>()
  let index = 0
  for (const point of text) {
    const start = index
    index += point.length
    for (const char of point < '\u0080' ? point.toLowerCase() : foldPoint(point, seen)) {
      out.push(char)
      from.push(start)
      to.push(index)
    }
  }
  return { from, text: out.join(''), to }
}

const isDigit = (char: string) => char >= '0' && char <= '9'

/** A letter run that is digit words only (`nine`, `nineeight`, `oh`), as its digits; else null. */
const wordDigits = (run: string): null | string => {
  if (run.length > MAX_WORD_RUN || !/^[efnostz]/.test(run) || !/[ehnortx]$/.test(run)) return null
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
const SPACES = /\s+/g

/** The text's numbers, in runs: numbers with at most MAX_GAP non-letters between them. */
const runsOf = (text: string): Token[][] => {
  const runs: Token[][] = []
  let run: Token[] = []
  const read = new Map<string, null | string>()
  for (const match of text.matchAll(PIECE)) {
    const piece = match[0]
    const start = match.index
    let digits = isDigit(piece[0]) ? piece : read.get(piece)
    if (digits === undefined) read.set(piece, (digits = wordDigits(piece)))
    if (digits === null) {
      if (run.length) runs.push(run)
      run = []
      continue
    }
    const previous = run[run.length - 1]
    if (previous && start - previous.end > MAX_GAP) {
      // Spaces in a row count once.
      const gap = text.slice(previous.end, start).replace(SPACES, ' ')
      if (gap.length > MAX_GAP) {
        runs.push(run)
        run = []
      }
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

/** The SSNs of a run of numbers: windows of nine digits grouped as an SSN. */
const ssnsOf = (run: Token[], text: string, found: SsnSpan[]): void => {
  if (isPhone(run, text)) return
  for (let first = 0; first < run.length; first++) {
    // Nine digits together, 3-6, or groups breaking after digits 3 and 5 (3-2-4 however split).
    let count = 0
    let breaks = 0
    for (let last = first; last < run.length && count < SSN_DIGITS; last++) {
      count += run[last].digits.length
      if (count === 3 || count === 5) breaks++
      const together = last === first || (last === first + 1 && run[first].digits.length === 3)
      if (count === SSN_DIGITS && (together || breaks === 2)) {
        const span = { end: run[last].end, start: run[first].start }
        // Found in order of start: one overlapping the last found extends it.
        const previous = found[found.length - 1]
        if (previous && span.start <= previous.end) previous.end = Math.max(previous.end, span.end)
        else found.push(span)
      }
    }
  }
}

/** Where the text holds what reads as an SSN, in order, in the text's own positions. */
export const findSsns = (text: string): SsnSpan[] => {
  const folded = fold(text)
  const masked = maskVins(folded.text)
  const spans: SsnSpan[] = []
  for (const run of runsOf(masked)) ssnsOf(run, masked, spans)
  const { from, to } = folded
  if (!from || !to) return spans
  return spans.map(({ end, start }) => ({ end: to[end - 1], start: from[start] }))
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

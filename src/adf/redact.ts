/**
 * SSNs sent in ADF are not kept: the intake's row of the SSN table (src/creditData/ssnFields.ts)
 * is `redact`, since a lead source is a machine that cannot meaningfully send its document again
 * without them. Every text a prospect gives the lead, and the original document, is kept with each
 * number replaced by `[SSN removed]`; the answer lists what was (IngestResult.warnings).
 */
import { redactSsnsFor, SSN_REDACTED_WARNING } from '@/creditData/ssnFields'
import { findSsns, SSN_REDACTED } from '@/creditData/ssnInText'

const redact = redactSsnsFor('lead via ADF')

/** One value kept without the SSN it held. */
export type AdfWarning = {
  /** The lead's field, as Payload names it (`adf.comments`, `adf.vehicles.0.comments`). */
  field: string
  /** The lead it was kept on (absent for `adf.document`, which every lead of a document keeps). */
  lead?: number
  message: string
  /** The prospect's place in the document, from 1. */
  prospect?: number
  /** The prospect's receipt (ingest.ts): all a caller that reads nothing is told. */
  receipt?: number
}

export const warning = (
  field: string,
  at?: { lead?: number; prospect: number; receipt?: number },
): AdfWarning => ({
  field,
  ...at,
  message: SSN_REDACTED_WARNING,
})

/**
 * The document's text as a reader sees it, each character with its place in the document (-1: a
 * tag, read as a space): comments and processing instructions dropped, CDATA sections unwrapped,
 * character and entity references left to the detector, which reads them decoded. Linear: each
 * piece of markup is found with one search from where it starts.
 */
const readerText = (document: string): { at: number[]; text: string } => {
  const at: number[] = []
  const chars: string[] = []
  /** Where `close` starts, from `from` on (the end when it is missing). */
  const find = (from: number, close: string) => {
    const end = document.indexOf(close, from)
    return end < 0 ? document.length : end
  }
  const skip = (from: number, close: string) => find(from, close) + close.length
  for (let i = 0; i < document.length;) {
    if (document[i] !== '<') {
      chars.push(document[i])
      at.push(i++)
    } else if (document.startsWith('<![CDATA[', i)) {
      const end = find(i + 9, ']]>')
      for (let j = i + 9; j < end; j++) {
        chars.push(document[j])
        at.push(j)
      }
      i = end + 3
    } else if (document.startsWith('<!--', i)) i = skip(i + 4, '-->')
    else if (document.startsWith('<?', i)) i = skip(i + 2, '?>')
    else {
      // A tag (attribute values may hold `>` inside quotes) or a declaration: a space between words.
      let quote = ''
      let j = i + 1
      for (; j < document.length && (quote || document[j] !== '>'); j++)
        if (quote ? document[j] === quote : document[j] === '"' || document[j] === "'")
          quote = quote ? '' : document[j]
      chars.push(' ')
      at.push(-1)
      i = j + 1
    }
  }
  return { at, text: chars.join('') }
}

/**
 * The document with the text of each SSN a reader sees removed, markup kept: every character of
 * text within one is dropped, `[SSN removed]` standing where its first was.
 */
const withoutReadSsns = (document: string): { count: number; document: string } => {
  const { at, text } = readerText(document)
  const spans = findSsns(text)
  if (!spans.length) return { count: 0, document }
  // 1: dropped, 2: dropped and the marker written in its place.
  const marks = new Uint8Array(document.length)
  for (const { end, start } of spans) {
    let first = true
    for (let k = start; k < end; k++)
      if (at[k] >= 0) {
        marks[at[k]] = first ? 2 : 1
        first = false
      }
  }
  let out = ''
  let from = 0
  for (let i = 0; i < document.length; i++) {
    if (!marks[i]) continue
    out += document.slice(from, i) + (marks[i] === 2 ? SSN_REDACTED : '')
    from = i + 1
  }
  return { count: spans.length, document: out + document.slice(from) }
}

/**
 * The document as kept: as received when it holds no SSN; otherwise without them. Read twice: as
 * raw text (an SSN in an attribute, a comment, or written with character references), then as a
 * reader sees its text, markup removed (an SSN split by a comment, a CDATA section, a processing
 * instruction), each found there removed from the text around the markup.
 */
export const documentWithoutSsns = (document: string): { document: string; redacted: boolean } => {
  const raw = redact(document)
  const read = withoutReadSsns(raw.text)
  return raw.count || read.count
    ? { document: read.document, redacted: true }
    : { document, redacted: false }
}

/**
 * A lead made of a prospect, every string in it kept without SSNs, and the paths of those that
 * held one. The e-mail address (checked as one) and the document (documentWithoutSsns) are left
 * to their own checks.
 */
export const leadWithoutSsns = <T>(lead: T): { lead: T; redacted: string[] } => {
  const redacted: string[] = []
  const walk = (value: unknown, path: string[]): unknown => {
    if (typeof value === 'string') {
      const { count, text } = redact(value)
      if (count) redacted.push(path.join('.'))
      return text
    }
    if (Array.isArray(value)) return value.map((item, index) => walk(item, [...path, `${index}`]))
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => {
          const at = [...path, key]
          const own = at.join('.')
          return [key, own === 'email' || own === 'adf.document' ? item : walk(item, at)]
        }),
      )
    return value
  }
  return { lead: walk(lead, []) as T, redacted }
}

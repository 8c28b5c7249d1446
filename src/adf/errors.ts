import { CommerceError, type Problem } from '@/errors'

/** Where in a document a problem is: its line (1-based) and element name. */
export type Place = { element: string; line: number }

/** "line 12, <vehicle>" */
export const placeText = ({ element, line }: Place): string => `line ${line}, <${element}>`

/**
 * A document refused: 400 (not well-formed, hostile, or not ADF) or 413 (over ADF_MAX_BYTES).
 * The message names the line and element; nothing of the document has been saved. A commerce
 * error, so the HTTP endpoint answers it in its envelope; the mailbox reads `status` and `message`.
 */
export class AdfError extends CommerceError {
  readonly place?: Place
  readonly status: 400 | 413

  constructor(status: 400 | 413, message: string, place?: Place, field?: string) {
    const text = place ? `${placeText(place)}: ${message}` : message
    const details: Problem[] = [{ field: field ?? place?.element ?? 'body', message: text }]
    super(status, `Invalid ADF document: ${text}`, details)
    this.name = 'AdfError'
    this.place = place
    this.status = status
  }
}

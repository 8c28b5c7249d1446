/**
 * What a provider's outcome means for adverse action (docs/compliance.md, "4. Adverse action"):
 * a decline, a counteroffer, or an application never placed with a lender (the provider refused
 * it, or sending it failed for good). Both providers answer with a `decision` and, for a decline
 * or counteroffer, the score they used; keys are read in either spelling (`creditScore`,
 * `credit_score`), as docs/providers.md lists them.
 */
import { isRecord } from '@/lib/isRecord'

import { bureauNamed, type BureauSlug } from './bureaus'

export const noticeKinds = [
  'declined',
  'counteroffer',
  'not_placed',
  'counteroffer_not_accepted',
] as const
export type NoticeKind = (typeof noticeKinds)[number]

export type AdverseDecision = {
  bureau: BureauSlug | null
  counteroffer: null | string
  keyFactors: string[]
  kind: Exclude<NoticeKind, 'counteroffer_not_accepted'>
  score: null | number
  scoreDate: null | string
  scoreRange: null | { high: number; low: number }
}

/** FCRA 609(f)(1)(C): no more than four key factors. */
export const MAX_KEY_FACTORS = 4

const normal = (key: string) => key.toLowerCase().replace(/[^a-z]/g, '')

/** The value under any of `names`, however the provider spells the key. */
const pick = (answer: unknown, ...names: string[]): unknown => {
  if (!isRecord(answer)) return undefined
  const wanted = names.map(normal)
  const key = Object.keys(answer).find((candidate) => wanted.includes(normal(candidate)))
  return key === undefined ? undefined : answer[key]
}

const numberOf = (value: unknown): null | number => {
  const number = typeof value === 'string' && value.trim() ? Number(value) : value
  return typeof number === 'number' && Number.isFinite(number) ? number : null
}

const textOf = (value: unknown): null | string =>
  typeof value === 'string' && value.trim() ? value.trim() : null

const rangeOf = (answer: unknown): AdverseDecision['scoreRange'] => {
  const range = pick(answer, 'scoreRange', 'score_range')
  const low = numberOf(pick(range, 'low', 'min', 'minimum') ?? pick(answer, 'scoreRangeLow'))
  const high = numberOf(pick(range, 'high', 'max', 'maximum') ?? pick(answer, 'scoreRangeHigh'))
  return low !== null && high !== null ? { high, low } : null
}

/** Key factors as text: strings, or objects with a description (reason codes). */
const factorsOf = (answer: unknown): string[] => {
  const list = pick(answer, 'keyFactors', 'key_factors', 'reasons', 'reasonCodes', 'reason_codes')
  if (!Array.isArray(list)) return []
  return list
    .map(
      (item) =>
        textOf(item) ??
        textOf(pick(item, 'description', 'text', 'reason')) ??
        textOf(pick(item, 'code')),
    )
    .filter((item): item is string => item !== null)
    .slice(0, MAX_KEY_FACTORS)
}

const counterofferOf = (answer: unknown): null | string => {
  const offer = pick(answer, 'counteroffer', 'counter_offer', 'counterOfferTerms')
  if (textOf(offer)) return textOf(offer)
  if (!isRecord(offer)) return null
  return Object.entries(offer)
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(', ')
}

/** The decision word of an answer, as one of ours; approvals and the unknown are null. */
export const decisionWord = (answer: unknown): 'counteroffer' | 'declined' | null => {
  const word = textOf(pick(answer, 'decision', 'creditDecision', 'credit_decision'))
  if (!word) return null
  const text = normal(word)
  if (text.includes('counter')) return 'counteroffer'
  if (/declin|denied|deny|reject/.test(text)) return 'declined'
  return null
}

type Outcome = {
  providerResponse?: unknown
  providerSubmission?: null | { status?: null | string }
}

/** The adverse decision an app's outcome holds, or null (approved, or still on its way). */
export const adverseDecisionOf = (app: Outcome): AdverseDecision | null => {
  const status = app.providerSubmission?.status
  const answer = app.providerResponse
  const base = {
    bureau: bureauNamed(pick(answer, 'bureau', 'creditBureau', 'credit_bureau')),
    counteroffer: null,
    keyFactors: factorsOf(answer),
    score: numberOf(pick(answer, 'creditScore', 'credit_score', 'score')),
    scoreDate: textOf(pick(answer, 'scoreDate', 'score_date')),
    scoreRange: rangeOf(answer),
  }
  if (status === 'rejected' || status === 'failed') return { ...base, kind: 'not_placed' }
  if (status !== 'accepted') return null
  const word = decisionWord(answer)
  if (word === 'declined') return { ...base, kind: 'declined' }
  if (word === 'counteroffer')
    return { ...base, counteroffer: counterofferOf(answer), kind: 'counteroffer' }
  return null
}

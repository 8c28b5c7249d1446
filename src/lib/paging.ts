/**
 * Paging rules shared by every list (commerce lists and Payload's REST lists): the contract's
 * default of 10, at most 100 a page (larger values are served as 100), and a page number a
 * database can still reach by OFFSET.
 */
export const DEFAULT_LIMIT = 10
export const MAX_LIMIT = 100
export const MAX_PAGE = 10_000_000

const WHOLE = /^\d{1,10}$/

/** Why a raw `page` value is refused, or null when it is a page number. */
export const checkPage = (raw: string): null | string =>
  WHOLE.test(raw) && Number(raw) >= 1 && Number(raw) <= MAX_PAGE
    ? null
    : `must be an integer from 1 to ${MAX_PAGE}`

/** Why a raw `limit` value is refused, or null when it is a whole number from 1 (clamped to MAX_LIMIT by the caller). */
export const checkLimit = (raw: string): null | string =>
  /^\d+$/.test(raw) && Number(raw) >= 1
    ? null
    : `must be an integer from 1 (at most ${MAX_LIMIT} are served)`

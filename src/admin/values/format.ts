/**
 * How the admin UI writes stored values for people to read. Pure functions, shared by the list
 * cells and the record pages' panels (test/unit/valueFormats.test.ts).
 */
import { PHONE_PATTERN } from '@/validation/phone'

const USD = new Intl.NumberFormat('en-US', { currency: 'USD', style: 'currency' })

/** `23750` → `$23,750.00`; anything not a finite number → empty. */
export const formatMoney = (value: unknown): string =>
  typeof value === 'number' && Number.isFinite(value) ? USD.format(value) : ''

/** `true` → `Yes`, `false` → `No`; not set → empty. */
export const yesNo = (value: unknown): string =>
  value === true ? 'Yes' : value === false ? 'No' : ''

/**
 * A phone number as `(213) 555-0147`, whichever way the contract's pattern let it be written
 * (`+1 213-555-0147`, `2135550147`…); anything else as it was stored.
 */
export const formatPhone = (value: unknown): string => {
  if (typeof value !== 'string') return ''
  const match = PHONE_PATTERN.exec(value.trim())
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : value
}

/** A list's items as text, in order; a single value as a list of one. */
export const listItems = (value: unknown, format: (item: unknown) => string = String): string[] =>
  (Array.isArray(value) ? value : value === null || value === undefined ? [] : [value])
    .filter((item) => item !== null && item !== undefined && item !== '')
    .map(format)

const asDate = (value: unknown): Date | undefined => {
  if (!(typeof value === 'string' || typeof value === 'number' || value instanceof Date))
    return undefined
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? undefined : date
}

/**
 * A moment in the viewer's locale and time zone (`locale` undefined: the runtime's own, which is
 * the browser's in a client component).
 */
export const formatDateTime = (value: unknown, locale?: string, timeZone?: string): string => {
  const date = asDate(value)
  return date
    ? date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone })
    : ''
}

/** A day ("Nov 28, 2026") in `timeZone`: a record's dates on a server-drawn page. */
export const formatDay = (value: unknown, timeZone?: string): string => {
  const date = asDate(value)
  return date ? date.toLocaleDateString('en-US', { dateStyle: 'medium', timeZone }) : ''
}

type Described = { make?: unknown; model?: unknown; trim?: unknown; year?: unknown }

const textPart = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : ''

/** `2022 Toyota Camry LE`: the parts known, in that order. */
export const vehicleTitle = (vehicle?: Described | null): string =>
  [vehicle?.year, vehicle?.make, vehicle?.model, vehicle?.trim]
    .map(textPart)
    .filter(Boolean)
    .join(' ')

export type Bids = {
  currentBidPrice?: null | number
  maximumBidPrice?: null | number
  minimumBidPrice?: null | number
}

export type BidChange<Extra> = Bids & Extra & { at: string }

/**
 * A deal's versions (oldest first) reduced to the ones that changed a bid: a save that left the
 * three prices as they were is no step in the bid history.
 */
export const bidChanges = <Extra>(
  versions: (Extra & { at: string; bids: Bids })[],
): BidChange<Extra>[] => {
  const key = ({ currentBidPrice, maximumBidPrice, minimumBidPrice }: Bids) =>
    JSON.stringify([minimumBidPrice ?? null, currentBidPrice ?? null, maximumBidPrice ?? null])
  const changes: BidChange<Extra>[] = []
  let last: string | undefined
  for (const { bids, ...rest } of versions) {
    const now = key(bids)
    if (now === last) continue
    last = now
    changes.push({ ...(rest as Extra & { at: string }), ...bids })
  }
  return changes
}

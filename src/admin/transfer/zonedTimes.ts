/**
 * Moments in an export in the viewer's time zone: `tz` (an IANA zone, the admin UI sends the
 * browser's) writes each date field as ISO 8601 local time with its offset,
 * `2026-11-28T09:30:00-08:00`, which reads as the viewer's clock and imports back as the same
 * moment. Without `tz`, UTC (`2026-11-28T17:30:00.000Z`), as stored.
 */
import { ClientError } from '@/errors'

/** The `tz` query parameter as a zone Intl knows, or undefined when not given. */
export const timeZoneParam = (raw: unknown): string | undefined => {
  if (raw === undefined || raw === '') return undefined
  try {
    if (typeof raw === 'string')
      return new Intl.DateTimeFormat('en-US', { timeZone: raw }).resolvedOptions().timeZone
  } catch {
    // Not a zone: refused below.
  }
  throw new ClientError(
    'The tz parameter must be an IANA time zone, such as America/Los_Angeles.',
    400,
  )
}

const two = (value: number) => String(value).padStart(2, '0')

/** One formatter per zone: building one costs more than formatting a cell. */
const formatters = new Map<string, Intl.DateTimeFormat>()
const formatterOf = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      day: 'numeric',
      hour: 'numeric',
      hourCycle: 'h23',
      minute: 'numeric',
      month: 'numeric',
      second: 'numeric',
      timeZone,
      year: 'numeric',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/** The zone's offset from UTC at `date`, in whole minutes (old rules with seconds rounded). */
const offsetMinutes = (date: Date, timeZone: string): number => {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(date)
      .map((part) => [part.type, Number(part.value)]),
  )
  const wall = Date.UTC(
    parts.year,
    parts.month - 1,
    parts.day,
    parts.hour,
    parts.minute,
    parts.second,
  )
  return Math.round((wall - (date.getTime() - date.getUTCMilliseconds())) / 60_000)
}

/** `value` (a stored ISO moment) as local ISO 8601 with offset in `timeZone`; other values as they are. */
export const zonedIso = (value: unknown, timeZone: string): unknown => {
  if (typeof value !== 'string') return value
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return value
  const offset = offsetMinutes(date, timeZone)
  // The wall clock written is the moment moved by the written offset, so the two always agree.
  const local = new Date(date.getTime() + offset * 60_000)
  const ms = local.getUTCMilliseconds()
  return (
    `${local.getUTCFullYear()}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())}` +
    `T${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())}` +
    (ms ? `.${String(ms).padStart(3, '0')}` : '') +
    `${offset < 0 ? '-' : '+'}${two(Math.floor(Math.abs(offset) / 60))}:${two(Math.abs(offset) % 60)}`
  )
}

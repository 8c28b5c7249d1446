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

/** `value` (a stored ISO moment) as local ISO 8601 with offset in `timeZone`; other values as they are. */
export const zonedIso = (value: unknown, timeZone: string): unknown => {
  if (typeof value !== 'string') return value
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return value
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
      minute: '2-digit',
      month: '2-digit',
      second: '2-digit',
      timeZone,
      year: 'numeric',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  )
  const wall = Date.UTC(
    +parts.year,
    +parts.month - 1,
    +parts.day,
    +parts.hour,
    +parts.minute,
    +parts.second,
  )
  const offset = Math.round((wall - (date.getTime() - date.getUTCMilliseconds())) / 60_000)
  const sign = offset < 0 ? '-' : '+'
  const ms = date.getUTCMilliseconds()
  return (
    `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}` +
    (ms ? `.${String(ms).padStart(3, '0')}` : '') +
    `${sign}${two(Math.floor(Math.abs(offset) / 60))}:${two(Math.abs(offset) % 60)}`
  )
}

/**
 * Business hours of a location: for each weekday an opening window `HH:MM-HH:MM` in the
 * location's time zone, or nothing when it is closed. A location with no hours at all counts
 * around the clock.
 */
import { isTimeZone } from '@/validation/formats'

export const weekdays = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const
export type Weekday = (typeof weekdays)[number]

export type BusinessHours = {
  hours?: null | Partial<Record<Weekday, null | string>>
  timeZone?: null | string
}

export const HOURS_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-4]):([0-5]\d)$/

/** Minutes since midnight of a window's opening and closing, or null for a closed day. */
export const windowOf = (text: null | string | undefined): null | [number, number] => {
  const match = text?.trim().match(HOURS_PATTERN)
  if (!match) return null
  const [, oh, om, ch, cm] = match.map(Number)
  const window: [number, number] = [oh * 60 + om, ch * 60 + cm]
  return window[1] > window[0] ? window : null
}

const MINUTE = 60_000
const DAY = 86_400_000

/** The calendar date in `timeZone` of an instant (as a UTC midnight) and its weekday. */
const localDate = (instant: Date, timeZone: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      day: 'numeric',
      month: 'numeric',
      timeZone,
      year: 'numeric',
    })
      .formatToParts(instant)
      .map(({ type, value }) => [type, value]),
  )
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day))
}

/** How far `timeZone`'s wall clock is ahead of UTC at an instant. */
const offsetAt = (instant: number, timeZone: string): number => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      day: 'numeric',
      hour: 'numeric',
      hourCycle: 'h23',
      minute: 'numeric',
      month: 'numeric',
      timeZone,
      year: 'numeric',
    })
      .formatToParts(new Date(instant))
      .map(({ type, value }) => [type, value]),
  )
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
  )
  return wall - Math.floor(instant / MINUTE) * MINUTE
}

/** The instant a wall-clock time (`minutes` after the local midnight of `day`) happens. */
const instantOf = (day: number, minutes: number, timeZone: string): number => {
  const wall = day + minutes * MINUTE
  const guess = wall - offsetAt(wall, timeZone)
  return wall - offsetAt(guess, timeZone)
}

/** A usable time zone: `zone` if it is one, else UTC. */
export const zoneOr = (zone: null | string | undefined): string =>
  zone && isTimeZone(zone) ? zone : 'UTC'

/** When the day of `instant` began in `timeZone` (its local midnight). */
export const dayStart = (instant: Date, timeZone: string): Date =>
  new Date(instantOf(localDate(instant, timeZone), 0, timeZone))

/** When the week of `instant` began in `timeZone`: the local midnight of its Monday. */
export const weekStart = (instant: Date, timeZone: string): Date => {
  const day = localDate(instant, timeZone)
  const monday = day - ((new Date(day).getUTCDay() + 6) % 7) * DAY
  return new Date(instantOf(monday, 0, timeZone))
}

/**
 * The instant `minutes` of business time after `start`: time outside the opening windows does
 * not count, so a lead arriving at night is due `minutes` after the next opening.
 */
export const addBusinessMinutes = (
  start: Date,
  minutes: number,
  { hours, timeZone }: BusinessHours = {},
): Date => {
  const windows = weekdays.map((day) => windowOf(hours?.[day]))
  if (!windows.some(Boolean)) return new Date(start.getTime() + minutes * MINUTE)
  const zone = zoneOr(timeZone)
  let remaining = minutes * MINUTE
  let day = localDate(start, zone) - DAY
  // Two years of days is far more than any weekly schedule with an open day needs.
  for (let step = 0; step < 730; step++, day += DAY) {
    const window = windows[new Date(day).getUTCDay()]
    if (!window) continue
    const open = Math.max(instantOf(day, window[0], zone), start.getTime())
    const close = instantOf(day, window[1], zone)
    if (open > close) continue
    if (remaining <= close - open) return new Date(open + remaining)
    remaining -= close - open
  }
  return new Date(start.getTime() + minutes * MINUTE)
}

import type { Field, FieldAccess, PayloadRequest, TextFieldSingleValidation } from 'payload'

import { HOURS_PATTERN, isTimeZone, weekdays, windowOf } from '@/leadDesk/businessHours'
import { isRecord } from '@/lib/isRecord'
import { safeToCompile } from '@/lib/safeToCompile'

import { companyOf, isDealer } from '../../access/dealer'
import { isStaff } from '../../access/isStaff'

const validHours: TextFieldSingleValidation = (value) =>
  !value || (HOURS_PATTERN.test(value.trim()) && windowOf(value))
    ? true
    : 'Enter opening hours as 09:00-18:00 (24-hour clock, closing after opening), or leave empty when closed.'

const validZone: TextFieldSingleValidation = (value) =>
  !value || isTimeZone(value)
    ? true
    : 'Enter a time zone name such as America/Los_Angeles or America/Chicago.'

const capitalized = (day: string) => day[0].toUpperCase() + day.slice(1)

const dealerRequest = (req: PayloadRequest) => isDealer(req.user)

/**
 * House staff read every location's desk; a dealer only its own company's (a facilitator's
 * location, which it reads too, keeps its manager and rota to itself). Decided per location, so
 * a dealer's filter or sort on the desk, which names no location, is refused; API clients never
 * read it. Compiled reads run it for callers other than dealers only (src/lib/safeToCompile.ts).
 */
const deskReaders: FieldAccess = safeToCompile(
  ({ doc, req }) => {
    if (!isDealer(req.user)) return isStaff({ req })
    const company = isRecord(doc?.companyId) ? doc.companyId.id : doc?.companyId
    return Boolean(company) && company === companyOf(req.user)
  },
  { unless: dealerRequest },
)

/**
 * How the location works its leads (src/leadDesk): who is on the rota, when it is open, and who
 * hears of a lead left uncontacted. Read as `deskReaders` says: API answers (companies'
 * locations, deals' dealers) leave it out.
 */
export const deskField: Field = {
  name: 'desk',
  type: 'group',
  access: { read: deskReaders },
  admin: { description: 'The lead desk: its rota, business hours and manager.' },
  fields: [
    {
      name: 'rota',
      type: 'relationship',
      admin: {
        description: 'Staff who take new leads of this location, in turn (round-robin).',
      },
      hasMany: true,
      relationTo: 'users',
    },
    {
      // The next rota position to assign; advanced atomically (src/leadDesk/roundRobin.ts).
      name: 'rotaNext',
      type: 'number',
      defaultValue: 0,
      hidden: true,
    },
    {
      type: 'row',
      fields: [
        {
          name: 'managerEmail',
          type: 'email',
          admin: { description: 'Told by e-mail when a lead is not contacted in time.' },
        },
        {
          name: 'timeZone',
          type: 'text',
          admin: { description: 'The time zone of the hours below, e.g. America/Los_Angeles.' },
          validate: validZone,
        },
      ],
    },
    {
      name: 'hours',
      type: 'group',
      admin: {
        description:
          'Business hours per weekday, e.g. 09:00-18:00; empty when closed. No hours at all: the contact time counts around the clock.',
      },
      fields: [
        {
          type: 'row',
          fields: weekdays.map((day) => ({
            name: day,
            type: 'text' as const,
            admin: { placeholder: 'closed' },
            label: capitalized(day),
            validate: validHours,
          })),
        },
      ],
    },
  ],
}

import type { Field, TextFieldSingleValidation } from 'payload'

import { timeZoneField } from '@/fields/formatted'
import { HOURS_PATTERN, weekdays, windowOf } from '@/leadDesk/businessHours'

import { deskReaders } from '../../access/deskReaders'

const validHours: TextFieldSingleValidation = (value) =>
  !value || (HOURS_PATTERN.test(value.trim()) && windowOf(value))
    ? true
    : 'Enter opening hours as 09:00-18:00 (24-hour clock, closing after opening), or leave empty when closed.'

const capitalized = (day: string) => day[0].toUpperCase() + day.slice(1)

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
        timeZoneField('timeZone', {
          admin: { description: 'The time zone of the hours below, e.g. America/Los_Angeles.' },
        }),
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

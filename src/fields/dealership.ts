import type { Field } from 'payload'

import { isStaffAdminFieldLevel, staffAdminsRead } from '../../access/isStaffAdmin'
import { nobodyFieldLevel } from '../../access/nobody'

/**
 * The dealership a record belongs to, on the row: what a dealer's scope filters on (access/dealer.ts).
 * Only staff admins read it (to a dealer, a consumer shared by two dealerships would name the
 * other) and set the shared kind. The database keeps it (src/migrations/20261128_070000_dealership_on_row.ts, triggers in the
 * same transaction as the write), whatever path the write took.
 */
const shared = {
  type: 'relationship',
  admin: { position: 'sidebar' },
  index: true,
  relationTo: 'company',
} as const

/** A record of one dealership, derived from its location (leads, deals) or its lead. */
export const dealershipField: Field = {
  ...shared,
  name: 'dealership',
  access: { create: nobodyFieldLevel, read: staffAdminsRead, update: nobodyFieldLevel },
  admin: {
    ...shared.admin,
    description: 'Kept from the location (or the lead): the dealership whose dealers see it.',
    readOnly: true,
  },
  label: 'Dealership',
}

/**
 * A record several dealerships may share (a consumer who deals with two). Each dealership is
 * added by an act that names the record there (a lead, a deal, a credit app; a dealer making
 * it) and stays until a staff admin removes it here.
 */
export const dealershipsField: Field = {
  ...shared,
  name: 'dealerships',
  access: {
    create: isStaffAdminFieldLevel,
    read: staffAdminsRead,
    update: isStaffAdminFieldLevel,
  },
  admin: {
    ...shared.admin,
    description:
      'The dealerships whose dealers see this record. Added by the leads, deals and credit apps that name it; a staff admin may change it.',
  },
  hasMany: true,
  label: 'Dealerships',
}

/**
 * The dealership whose dealer made a credit record (credit app, pre-approval, credit report) or
 * recorded a consent: it stays that dealership's alone. One the house made follows its consumers'
 * dealerships (a consent: its credit app's, else its seller, else its consumer's).
 */
export const madeAtField: Field = {
  ...shared,
  name: 'madeAt',
  access: { create: nobodyFieldLevel, read: staffAdminsRead, update: nobodyFieldLevel },
  admin: {
    ...shared.admin,
    description: "Set when a dealer made it: it is then that dealership's alone.",
    readOnly: true,
  },
  label: 'Made at dealership',
}

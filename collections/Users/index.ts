import type { CollectionConfig, RelationshipFieldSingleValidation } from 'payload'
import { relationship } from 'payload/shared'

import { mfaFields } from '@/auth/mfa/fields'
import { resetSecondFactor } from '@/auth/mfa/reset'
import {
  countFailedCode,
  requireSecondFactor,
  revealNewRecoveryCodes,
} from '@/auth/mfa/secondFactor'
import { sessionCookies } from '@/lib/settings'

import { adminOrSelf } from '../../access/adminOrSelf'
import { isAdmin, isAdminFieldLevel } from '../../access/isAdmin'
import { isStaff } from '../../access/isStaff'
import { type StaffRole, staffRoles } from '../../access/roles'
import { firstUserIsAdmin } from './hooks/firstUserIsAdmin'
import { resetPasswordEmail } from './resetEmail'

const roleLabels: Record<StaffRole, string> = {
  admin: 'Admin',
  compliance: 'Compliance officer',
  dealer: 'Dealer',
  staff: 'Staff',
}

/** A dealer works for one company: without it they would see nothing. */
const companyOfDealer: RelationshipFieldSingleValidation = (value, options) =>
  options.siblingData && (options.siblingData as { role?: unknown }).role === 'dealer' && !value
    ? 'A dealer needs a company.'
    : relationship(value, options)

/** Staff who sign in to the admin UI, with a second factor where required (src/auth/mfa). */
export const Users: CollectionConfig = {
  slug: 'users',
  access: {
    admin: isStaff,
    create: isAdmin,
    delete: isAdmin,
    read: adminOrSelf('users'),
    unlock: isAdmin,
    update: adminOrSelf('users'),
  },
  admin: {
    defaultColumns: ['email', 'name', 'role', 'company', 'updatedAt'],
    group: 'Operations',
    // User management is for admins; the link is hidden from other staff.
    hidden: ({ user }) => user?.role !== 'admin',
    listSearchableFields: ['email', 'name'],
    useAsTitle: 'email',
  },
  auth: {
    cookies: sessionCookies(),
    forgotPassword: {
      expiration: 60 * 60 * 1000,
      generateEmailHTML: resetPasswordEmail,
      generateEmailSubject: () => 'Reset your Commerce service password',
    },
    lockTime: 10 * 60 * 1000,
    maxLoginAttempts: 5,
    tokenExpiration: 8 * 60 * 60,
  },
  fields: [
    {
      name: 'name',
      type: 'text',
      admin: { description: "The person's full name, shown in the users list." },
    },
    {
      name: 'role',
      type: 'select',
      admin: {
        description:
          "Admins also manage users, API clients and webhooks, and read the audit log; a dealer sees only their company's records; only an admin changes a role.",
      },
      access: {
        create: isAdminFieldLevel,
        update: isAdminFieldLevel,
      },
      defaultValue: 'staff',
      index: true,
      options: staffRoles.map((value) => ({ label: roleLabels[value], value })),
      required: true,
      saveToJWT: true,
    },
    {
      name: 'company',
      type: 'relationship',
      access: { create: isAdminFieldLevel, update: isAdminFieldLevel },
      admin: {
        condition: (data) => data?.role === 'dealer',
        description: 'The company whose records a dealer sees and edits; only an admin sets it.',
      },
      index: true,
      maxDepth: 0,
      relationTo: 'company',
      validate: companyOfDealer,
    },
    ...mfaFields,
  ],
  endpoints: [resetSecondFactor],
  hooks: {
    afterError: [countFailedCode],
    afterRead: [revealNewRecoveryCodes],
    beforeChange: [firstUserIsAdmin],
    beforeLogin: [requireSecondFactor],
  },
}

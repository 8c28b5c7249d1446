import type { CollectionConfig } from 'payload'

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
import { staffRoles } from '../../access/roles'
import { firstUserIsAdmin } from './hooks/firstUserIsAdmin'
import { resetPasswordEmail } from './resetEmail'

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
    defaultColumns: ['email', 'name', 'role', 'updatedAt'],
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
          'Admins also manage users, API clients and webhooks, and read the audit log; only an admin changes a role.',
      },
      access: {
        create: isAdminFieldLevel,
        update: isAdminFieldLevel,
      },
      defaultValue: 'staff',
      index: true,
      options: staffRoles.map((value) => ({ label: value === 'admin' ? 'Admin' : 'Staff', value })),
      required: true,
      saveToJWT: true,
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

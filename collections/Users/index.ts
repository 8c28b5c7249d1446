import {
  baseSessionsField,
  type CollectionConfig,
  type Field,
  type FieldHook,
  type RelationshipFieldSingleValidation,
} from 'payload'
import { fieldAffectsData, relationship } from 'payload/shared'

import { mfaFields } from '@/auth/mfa/fields'
import { resetSecondFactor } from '@/auth/mfa/reset'
import {
  countFailedCode,
  requireSecondFactor,
  revealNewRecoveryCodes,
} from '@/auth/mfa/secondFactor'
import { oidcEndpoints } from '@/auth/oidc/endpoints'
import { identityFields } from '@/auth/oidc/fields'
import { forgetProviderHint } from '@/auth/oidc/hint'
import { limitPasswordSignIn } from '@/auth/oidc/passwordSignIn'
import { keepProviderSessionShort } from '@/auth/oidc/session'
import { sessionCookies } from '@/lib/settings'
import { textOf } from '@/lib/text'

import { adminOrSelf } from '../../access/adminOrSelf'
import {
  colleagues,
  selfOnlyFieldLevel,
  selfOrAdminFieldLevel,
  titleAsRead,
} from '../../access/colleagues'
import { isAdmin, isAdminFieldLevel } from '../../access/isAdmin'
import { isStaff, staffOnlyField } from '../../access/isStaff'
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

/** The stored title: the name as this save leaves it (never an e-mail address). */
const nameAsTitle: FieldHook = ({ data, originalDoc }) =>
  textOf(data && 'name' in data ? data.name : originalDoc?.name) || null

/** Fields colleagues do not read (./access/colleagues.ts): all but the title and name. */
const ownersOnly = (field: Field): Field =>
  fieldAffectsData(field) && !['email', 'name', 'title'].includes(field.name) && !field.hidden
    ? ({ ...field, access: { ...field.access, read: selfOrAdminFieldLevel } } as Field)
    : field

/**
 * Staff who sign in to the admin UI, with a second factor where required (src/auth/mfa), or
 * through their identity provider (src/auth/oidc).
 */
export const Users: CollectionConfig = {
  slug: 'users',
  access: {
    admin: isStaff,
    create: isAdmin,
    delete: isAdmin,
    read: colleagues,
    unlock: isAdmin,
    update: adminOrSelf('users'),
  },
  admin: {
    defaultColumns: ['email', 'name', 'role', 'company', 'updatedAt'],
    group: 'Operations',
    // User management is for admins; the link is hidden from other staff.
    hidden: ({ user }) => user?.role !== 'admin',
    listSearchableFields: ['email', 'name'],
    // Pickers, rotas and list cells name a person, not an e-mail address or an id.
    useAsTitle: 'title',
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
  fields: (
    [
      // A person as pickers and lists show them: their name (access/colleagues.ts titleAsRead).
      {
        name: 'title',
        type: 'text',
        access: { read: staffOnlyField },
        admin: { description: "The person's name, as pickers and lists show them.", hidden: true },
        hooks: { afterRead: [titleAsRead], beforeChange: [nameAsTitle] },
        index: true,
      },
      // Payload's own e-mail field, read by its owner and admins only (colleagues read the title).
      { name: 'email', type: 'email', access: { read: selfOrAdminFieldLevel } },
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
      ...identityFields,
    ] as Field[]
  )
    .map(ownersOnly)
    // Payload's sessions field (merged with its own by name), read by its user alone.
    .concat({
      ...baseSessionsField,
      access: { ...baseSessionsField.access, read: selfOnlyFieldLevel },
    } as Field),
  endpoints: [resetSecondFactor, ...oidcEndpoints],
  hooks: {
    afterError: [countFailedCode],
    afterLogout: [forgetProviderHint],
    afterRead: [revealNewRecoveryCodes],
    beforeChange: [firstUserIsAdmin],
    beforeLogin: [requireSecondFactor],
    beforeOperation: [limitPasswordSignIn, keepProviderSessionShort],
  },
  // One account per person at a provider (src/auth/oidc/staffUser.ts).
  indexes: [{ fields: ['identityProvider', 'identitySubject'], unique: true }],
}

import type { GlobalConfig } from 'payload'

import {
  CONTACT_CONSENT_KINDS,
  CONTACT_RULES_SLUG,
  DEFAULT_CONTACT_RULES,
  OUTBOUND_VALUES,
  REQUIREMENTS,
} from '@/compliance/consents/contactRules'
import { KIND_LABELS } from '@/compliance/consents/kinds'

import { policyGlobalAccess } from '../access/policy'

/**
 * Which outbound lead events need which contact consent (src/compliance/consents): staff read
 * them, staff admins change them. Until first saved, the defaults apply (docs/compliance.md).
 */
export const ContactConsentRules: GlobalConfig = {
  slug: CONTACT_RULES_SLUG,
  access: policyGlobalAccess('contact-consent-rules'),
  admin: {
    description:
      'Which outbound lead events need a contact consent. "Granted": refused (409) unless the number or address has a granted consent; "not revoked": refused once the consent is revoked. A do-not-contact request refuses every outbound event whatever this says.',
    group: 'Compliance',
  },
  fields: [
    {
      name: 'rules',
      type: 'array',
      defaultValue: DEFAULT_CONTACT_RULES,
      fields: [
        {
          type: 'row',
          fields: [
            {
              name: 'value',
              type: 'select',
              admin: { description: 'An outbound lead event type or status.' },
              enumName: 'enum_contact_rule_value',
              options: OUTBOUND_VALUES,
              required: true,
            },
            {
              name: 'consent',
              type: 'select',
              enumName: 'enum_contact_rule_consent',
              options: CONTACT_CONSENT_KINDS.map((value) => ({ label: KIND_LABELS[value], value })),
              required: true,
            },
            {
              name: 'requirement',
              type: 'select',
              enumName: 'enum_contact_rule_requirement',
              options: REQUIREMENTS.map((value) => ({
                label: value === 'granted' ? 'Granted' : 'Not revoked',
                value,
              })),
              required: true,
            },
          ],
        },
      ],
      labels: { plural: 'Rules', singular: 'Rule' },
    },
  ],
  label: 'Contact consent rules',
}

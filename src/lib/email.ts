import type { EmailAdapter } from 'payload'

import { settings } from './settings'

/**
 * No mail transport is configured yet. Payload's fallback prints whole messages to the console,
 * which for password resets means a usable reset link in the logs; this one records only that a
 * message was not sent, to whom and with which subject.
 */
export const unsentEmailAdapter: EmailAdapter = ({ payload }) => ({
  defaultFromAddress: settings('service').EMAIL_FROM,
  defaultFromName: 'Commerce service',
  name: 'unsent',
  sendEmail: async (message) => {
    payload.logger.warn(
      { subject: message.subject, to: message.to },
      'e-mail not sent: no mail transport is configured',
    )
  },
})

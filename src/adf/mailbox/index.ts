export { type MailboxConfig, mailboxConfig } from './config'
export { MAILBOX_CLIENT_NAME, mailboxClient } from './principal'
export {
  type MailboxPoller,
  pollOnce,
  type PollerOptions,
  type PollResult,
  startMailboxPoller,
} from './poller'
export { messageKey, type Outcome, readMessage } from './readMessage'

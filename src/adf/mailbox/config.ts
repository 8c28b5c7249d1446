import { settings } from '@/lib/settings'

/** The lead mailbox as LEADS_IMAP_URL and its companion settings describe it. */
export type MailboxConfig = {
  failedFolder: string
  host: string
  /** The folder read, from the address's path (default INBOX). */
  mailbox: string
  pass: string
  pollMs: number
  port: number
  processedFolder: string
  secure: boolean
  user: string
}

/** The mailbox to read, or null when LEADS_IMAP_URL is unset. */
export const mailboxConfig = (): MailboxConfig | null => {
  const {
    LEADS_IMAP_FAILED_FOLDER,
    LEADS_IMAP_POLL_SECONDS,
    LEADS_IMAP_PROCESSED_FOLDER,
    LEADS_IMAP_URL,
  } = settings('mailbox')
  if (!LEADS_IMAP_URL) return null
  const url = new URL(LEADS_IMAP_URL)
  const secure = url.protocol === 'imaps:'
  return {
    failedFolder: LEADS_IMAP_FAILED_FOLDER,
    host: url.hostname.replace(/^\[|\]$/g, ''),
    mailbox: decodeURIComponent(url.pathname.replace(/^\/+/, '')) || 'INBOX',
    pass: decodeURIComponent(url.password),
    pollMs: LEADS_IMAP_POLL_SECONDS * 1000,
    port: url.port ? Number(url.port) : secure ? 993 : 143,
    processedFolder: LEADS_IMAP_PROCESSED_FOLDER,
    secure,
    user: decodeURIComponent(url.username),
  }
}

/** host:port/folder, for logs (never the password). */
export const mailboxName = ({ host, mailbox, port }: MailboxConfig): string =>
  `${host}:${port}/${mailbox}`

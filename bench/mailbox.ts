/**
 * Lead mailbox speed: `npm run bench:mailbox [-- --messages 60 --runs 5]`. A dovecot of its own
 * on 127.0.0.1 (Debian's /usr/sbin/dovecot) and a throwaway database with the demo data; each run
 * appends N ADF e-mails (half in the body, half attached) and times one poller, then two at once,
 * until the inbox is empty. Prints messages per minute, medians of the runs (goal: ≥ 100/min).
 */
import { performance } from 'node:perf_hooks'

import {
  type MailboxConfig,
  mailboxConfig,
  type MailboxPoller,
  pollOnce,
  startMailboxPoller,
} from '@/adf/mailbox'
import { seedDemoData } from '@/seed'
import { openRuntime } from '@/start/runtime'

import { sampleAdf } from '../test/helpers/adf'
import { noImapServer, startImapServer } from '../test/helpers/imapServer'
import {
  appendMessages,
  attachmentMessage,
  bodyMessage,
  folderCounts,
} from '../test/helpers/leadMail'
import { arg, median, throwawayDatabase } from './common'

const messages = arg('messages', 60)
const runs = arg('runs', 5)

const skipped = noImapServer('bench:mailbox')
if (skipped) {
  console.log(skipped)
  process.exit(0)
}

let serial = 0
const batch = () =>
  Array.from({ length: messages }, (_, i) => {
    const xml = sampleAdf([{ email: `bench.${++serial}@example.com`, lastName: `Bench${serial}` }])
    return i % 2 ? attachmentMessage(xml) : bodyMessage(xml)
  })

const database = await throwawayDatabase()
const server = await startImapServer()
process.env.LEADS_IMAP_URL = server.url
const runtime = await openRuntime()
try {
  const { payload } = runtime
  await seedDemoData(payload)
  const config = mailboxConfig() as MailboxConfig
  const drained = async () => (await folderCounts(server, ['INBOX'])).INBOX === 0

  const one: number[] = []
  const two: number[] = []
  for (let run = 1; run <= runs; run++) {
    await appendMessages(server, batch())
    let start = performance.now()
    while (!(await drained())) await pollOnce(payload, config)
    one.push((messages / (performance.now() - start)) * 60_000)

    await appendMessages(server, batch())
    start = performance.now()
    const pollers = [0, 1].map(
      () => startMailboxPoller(payload, { config, pollMs: 20 }) as MailboxPoller,
    )
    while (!(await drained())) await new Promise((resolve) => setTimeout(resolve, 20))
    two.push((messages / (performance.now() - start)) * 60_000)
    await Promise.all(pollers.map((poller) => poller.stop()))
  }
  const leads = (
    await payload.count({ collection: 'lead', where: { 'adf.origin': { equals: 'mailbox' } } })
  ).totalDocs
  if (leads !== 2 * runs * messages)
    throw new Error(`expected ${2 * runs * messages} leads from the mailbox, found ${leads}`)
  console.log(
    `${messages} ADF e-mails per run (half in the body, half attached), ${runs} runs; medians`,
  )
  console.log(`one poller     ${median(one).toFixed(0).padStart(6)} messages/min`)
  console.log(`two pollers    ${median(two).toFixed(0).padStart(6)} messages/min`)
  console.log('goal           ≥    100 messages/min')
} finally {
  await runtime.close()
  await server.close()
  await database.drop()
}

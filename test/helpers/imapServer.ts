import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { freePort } from '@/lib/freePort'

export const DOVECOT = '/usr/sbin/dovecot'

export type ImapServer = {
  /** Stops it and removes its folder (kept with IMAP_KEEP set, to read dovecot.log). */
  close: () => Promise<void>
  /** The mailbox user's login. */
  pass: string
  port: number
  /** Starts it again on the same port and mail folder (after `stop`). */
  start: () => Promise<void>
  /** SIGTERM to its master process; resolves once it has exited. */
  stop: () => Promise<void>
  /** imap://user:pass@127.0.0.1:port/INBOX */
  url: string
  user: string
}

export const dovecotInstalled = (): boolean => fs.existsSync(DOVECOT)

/** Why the IMAP tests are skipped here, or null where dovecot is installed. */
export const noImapServer = (file: string): null | string =>
  dovecotInstalled() ? null : `${file}: no ${DOVECOT}; skipped (apt-get install dovecot-imapd)`

const answersGreeting = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port })
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(500, () => done(false))
    socket.once('error', () => done(false))
    socket.once('data', (data) => done(data.toString().startsWith('* OK')))
  })

/**
 * The mail processes' user: dovecot refuses uid 0 for them, so as root the package's `dovecot`
 * user (owner of the temp mail folder), otherwise whoever runs the tests.
 */
const mailUser = (): { gid: number; name: string; uid: number } => {
  const { uid, username } = os.userInfo()
  if (uid !== 0) return { gid: os.userInfo().gid, name: username, uid }
  const id = (flag: string) => Number(execFileSync('id', [flag, 'dovecot']).toString().trim())
  return { gid: id('-g'), name: 'dovecot', uid: id('-u') }
}

const config = (dir: string, port: number, uid: number, gid: number, loginUser: string) => `
base_dir = ${dir}/run
state_dir = ${dir}/state
instance_name = test-imap-${port}
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${loginUser}
default_internal_group = ${loginUser}
default_login_user = ${loginUser === 'root' ? 'dovenull' : loginUser}
first_valid_uid = ${uid === 0 ? 0 : 1}
mail_location = maildir:${dir}/mail/%u
namespace inbox {
  inbox = yes
  separator = /
}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${uid} gid=${gid} home=${dir}/mail/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service pop3-login {
  inet_listener pop3 {
    port = 0
  }
}
`

/**
 * A dovecot of the test's own: its config, passwd file, maildir and logs in a temp folder, IMAP
 * without TLS on a free port of 127.0.0.1, one user. Never the system's dovecot; signals go to
 * its master's pid only.
 */
export const startImapServer = async (): Promise<ImapServer> => {
  const port = await freePort()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imap-'))
  fs.chmodSync(dir, 0o755)
  const mail = mailUser()
  const loginUser = os.userInfo().username
  fs.mkdirSync(path.join(dir, 'mail'))
  fs.chownSync(path.join(dir, 'mail'), mail.uid, mail.gid)
  const user = 'leads'
  const pass = 'mailbox-secret'
  fs.writeFileSync(path.join(dir, 'passwd'), `${user}:{PLAIN}${pass}\n`)
  const conf = path.join(dir, 'dovecot.conf')
  fs.writeFileSync(conf, config(dir, port, mail.uid, mail.gid, loginUser))
  let child: ChildProcess | null = null
  let exited: Promise<void> = Promise.resolve()

  const stop = async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
    child = null
  }
  const start = async () => {
    const started = spawn(DOVECOT, ['-F', '-c', conf], { stdio: 'ignore' })
    child = started
    exited = new Promise<void>((resolve) => started.once('exit', () => resolve()))
    for (const deadline = Date.now() + 10_000; !(await answersGreeting(port));) {
      if (Date.now() > deadline || started.exitCode !== null) {
        await stop()
        const log = fs.existsSync(path.join(dir, 'dovecot.log'))
          ? fs.readFileSync(path.join(dir, 'dovecot.log'), 'utf8').slice(-2000)
          : ''
        throw new Error(`dovecot on port ${port} did not answer\n${log}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  await start()
  return {
    close: async () => {
      await stop()
      if (!process.env.IMAP_KEEP) fs.rmSync(dir, { force: true, recursive: true })
    },
    pass,
    port,
    start,
    stop: async () => {
      await stop()
    },
    url: `imap://${user}:${pass}@127.0.0.1:${port}/INBOX`,
    user,
  }
}

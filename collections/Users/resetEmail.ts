import { port, serverURL } from '@/lib/settings'

/**
 * Where links in e-mails point: SERVER_URL, or this machine's port for local use. Never the
 * request's Host header: a reset asked for with a forged Host would mail the victim a link to the
 * forger's site, carrying a valid token.
 */
const linkBase = (): string => serverURL() || `http://localhost:${port()}`

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`)

/** The password-reset e-mail, with an absolute link to the admin UI's reset page. */
export const resetPasswordEmail = ({ token }: { token?: string } = {}): string => {
  const link = escape(`${linkBase()}/admin/reset/${encodeURIComponent(token ?? '')}`)
  return [
    '<p>Someone (we hope you) asked to reset the password of your Commerce service account.</p>',
    `<p><a href="${link}">${link}</a></p>`,
    '<p>The link works once, for one hour. If you did not ask, ignore this e-mail: your password stays as it is.</p>',
  ].join('\n')
}

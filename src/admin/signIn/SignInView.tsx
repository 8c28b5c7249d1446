import { redirect } from 'next/navigation.js'
import type { AdminViewServerProps } from 'payload'
import { getSafeRedirect, parseCookies } from 'payload/shared'
import React from 'react'

import { oidcProvider, oidcProviders } from '@/auth/oidc/config'
import { HINT_COOKIE } from '@/auth/oidc/hint'
import { settings } from '@/lib/settings'

import { refusalMessage } from './refusals'
import { SignInForm } from './SignInForm'

/**
 * The admin UI's sign-in page (in place of Payload's): a "Sign in with …" button per identity
 * provider (src/auth/oidc), email and password, then the second factor where the account has or
 * needs one (src/auth/mfa). Everything it asks for is checked by the API itself; the page only
 * leads through the steps, and says why a provider's sign-in was refused.
 */
export const SignInView: React.FC<AdminViewServerProps> = ({ initPageResult, searchParams }) => {
  const { config } = initPageResult.req.payload
  const redirectTo = getSafeRedirect({
    fallbackTo: config.routes.admin,
    redirectTo: typeof searchParams?.redirect === 'string' ? searchParams.redirect : '',
  })
  if (initPageResult.req.user) redirect(redirectTo)
  const oidcPath = `${config.routes.api}/${config.admin.user}/oidc`
  const startPath = (id: string, silent = false) =>
    `${oidcPath}/${id}/start?${new URLSearchParams({ redirect: redirectTo, ...(silent && { silent: '1' }) }).toString()}`
  // Signed in through a provider before and not signed out: ask it again, without a click.
  const hinted = oidcProvider(parseCookies(initPageResult.req.headers).get(HINT_COOKIE) ?? '')
  const answered = ['refused', 'second-factor', 'silent'].some((name) => searchParams?.[name])
  if (hinted && !answered) redirect(startPath(hinted.id, true))
  return (
    <SignInForm
      forgotPath={`${config.routes.admin}${config.admin.routes.forgot}`}
      loginPath={`${config.routes.api}/${config.admin.user}/login`}
      passwordOff={settings('auth').PASSWORD_SIGN_IN === 'break-glass'}
      providers={oidcProviders().map(({ id, label }) => ({ href: startPath(id), label }))}
      refused={refusalMessage(searchParams?.refused)}
      secondFactorPath={searchParams?.['second-factor'] ? `${oidcPath}/second-factor` : undefined}
      redirectTo={redirectTo}
    />
  )
}

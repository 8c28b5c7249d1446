import { redirect } from 'next/navigation.js'
import type { AdminViewServerProps } from 'payload'
import { getSafeRedirect } from 'payload/shared'
import React from 'react'

import { SignInForm } from './SignInForm'

/**
 * The admin UI's sign-in page (in place of Payload's): email and password, then the second
 * factor where the account has or needs one (src/auth/mfa). Everything it asks for is checked by
 * `POST /api/users/login` itself; the page only leads through the steps.
 */
export const SignInView: React.FC<AdminViewServerProps> = ({ initPageResult, searchParams }) => {
  const { config } = initPageResult.req.payload
  const redirectTo = getSafeRedirect({
    fallbackTo: config.routes.admin,
    redirectTo: typeof searchParams?.redirect === 'string' ? searchParams.redirect : '',
  })
  if (initPageResult.req.user) redirect(redirectTo)
  return (
    <SignInForm
      forgotPath={`${config.routes.admin}${config.admin.routes.forgot}`}
      loginPath={`${config.routes.api}/${config.admin.user}/login`}
      redirectTo={redirectTo}
    />
  )
}

/** The routes of a staff sign-in through an identity provider (src/auth/oidc), as REST paths. */
import { json, ref } from '../responses'
import { camel, Context, errorsOf, op, PathItems, PUBLIC } from './shared'

const provider = {
  description: "The provider's `id` in OIDC_PROVIDERS.",
  in: 'path',
  name: 'provider',
  required: true,
  schema: { type: 'string' },
}

/** A redirect of the browser's sign-in: where to, and the cookies it sets. */
const redirect = (description: string) => ({
  description,
  headers: {
    Location: { schema: { type: 'string' } },
    'Set-Cookie': { schema: { type: 'string' } },
  },
})

export function oidcRoutes(): Record<string, (context: Context) => PathItems> {
  const route =
    (
      method: 'get' | 'post',
      path: string,
      summary: string,
      description: string,
      details: Record<string, unknown>,
    ) =>
    ({ slug, tag }: Context): PathItems => ({
      [`/${slug}${path.replace(':provider', '{provider}')}`]: {
        [method]: op(
          { operationId: `${camel(slug)}_oidc_${camel(path.split('/').pop()!)}`, summary, tag },
          description,
          { ...details, security: PUBLIC },
        ),
      },
    })
  return {
    'get /oidc/:provider/callback': route(
      'get',
      '/oidc/:provider/callback',
      'Back from the identity provider',
      "Where the provider sends the browser back with `code` and `state` (or `error`). Checks the `state` against the browser's sign-in, exchanges the code and verifies the ID token, maps its claims to a role, then redirects: signed in (the session cookie set) to where the sign-in started, to the sign-in page's second-factor step, or to the sign-in page with `refused=<reason>`.",
      {
        parameters: [
          provider,
          { in: 'query', name: 'code', schema: { type: 'string' } },
          { in: 'query', name: 'state', schema: { type: 'string' } },
          { in: 'query', name: 'error', schema: { type: 'string' } },
        ],
        responses: {
          303: redirect('Signed in, a second factor to give, or refused'),
          ...errorsOf({ byId: true }),
        },
      },
    ),
    'get /oidc/:provider/start': route(
      'get',
      '/oidc/:provider/start',
      'Sign in with an identity provider',
      'Sends the browser to the provider (authorization code with PKCE, `state` and `nonce`), keeping what the callback checks in a short-lived cookie. `redirect` is where to land in the admin UI once signed in; `silent` asks the provider to answer without showing a page (`prompt=none`), as the sign-in page does when a session signed in through it has ended.',
      {
        parameters: [
          provider,
          { in: 'query', name: 'redirect', schema: { type: 'string' } },
          { in: 'query', name: 'silent', schema: { type: 'string' } },
        ],
        responses: { 303: redirect("To the provider's sign-in"), ...errorsOf({ byId: true }) },
      },
    ),
    'post /oidc/:provider/backchannel-logout': route(
      'post',
      '/oidc/:provider/backchannel-logout',
      'Back-channel logout',
      "The provider's signed logout token (OpenID Connect Back-Channel Logout 1.0) ends every session of the person it names.",
      {
        parameters: [provider],
        requestBody: {
          content: {
            'application/x-www-form-urlencoded': {
              example: { logout_token: 'eyJhbGciOiJSUzI1NiJ9.e30.c2lnbmF0dXJl' },
              schema: {
                properties: { logout_token: { type: 'string' } },
                required: ['logout_token'],
                type: 'object',
              },
            },
          },
          required: true,
        },
        responses: {
          200: { description: 'The sessions ended' },
          ...errorsOf({ body: true, byId: true }),
          400: {
            content: json({
              properties: { error: { type: 'string' } },
              required: ['error'],
              type: 'object',
            }),
            description: 'The logout token is not valid',
          },
        },
      },
    ),
    'post /oidc/second-factor': route(
      'post',
      '/oidc/second-factor',
      "The service's second factor after a provider's sign-in",
      "After a provider's sign-in that used no second factor, for a person who has or must have one here: the same steps as `POST /users/login` without the password (`{}` says which is needed, then `code` or `recoveryCode`, or `enrolmentToken` with `code`). Signs in: the session cookie is set.",
      {
        requestBody: {
          content: json({
            properties: {
              code: { type: 'string' },
              enrolmentToken: { type: 'string' },
              recoveryCode: { type: 'string' },
            },
            type: 'object',
          }),
        },
        responses: {
          200: {
            content: json({
              properties: {
                message: { type: 'string' },
                redirectTo: { type: 'string' },
                user: {
                  properties: { recoveryCodes: { items: { type: 'string' }, type: 'array' } },
                  type: 'object',
                },
              },
              required: ['message', 'redirectTo', 'user'],
              type: 'object',
            }),
            description: 'Signed in',
          },
          ...errorsOf({ body: true }),
          401: {
            content: json(ref('PayloadErrors')),
            description:
              'The sign-in expired (`errors[0].data.mfa`: `expired`), or the second factor is needed or wrong (`code`, `enrol`, `enrol-code`, `enrol-expired`)',
          },
        },
      },
    ),
  }
}

/** The sign-in routes of the auth collections, as REST paths. */
import { json, type Obj, type PayloadStatus, ref } from '../responses'
import { camel, Context, errorsOf, message, op, PathItems, PUBLIC } from './shared'

/** The sign-in routes Payload mounts on each auth collection (users; api-clients sign in with keys). */
export function authRoutes(): Record<string, (context: Context) => PathItems> {
  const credentials = {
    email: { format: 'email', type: 'string' },
    password: { format: 'password', type: 'string' },
  }
  /** The signed-in user, and how it was authenticated. */
  const signedIn = (slug: string) => ({
    allOf: [
      ref(slug),
      {
        properties: {
          _strategy: {
            description: 'How the user was authenticated (`local-jwt`, …).',
            type: 'string',
          },
          recoveryCodes: {
            description:
              'Only in the answer of the sign-in that sets up two-factor sign-in: the one-time codes that stand in for the app, shown this once.',
            items: { type: 'string' },
            type: 'array',
          },
        },
        type: 'object',
      },
    ],
  })
  const session = (slug: string) => ({
    content: json({
      properties: {
        exp: { description: 'When the token expires, in Unix seconds.', type: 'integer' },
        message: { type: 'string' },
        token: { description: 'The session token (also set as a cookie).', type: 'string' },
        user: signedIn(slug),
      },
      required: ['user'],
      type: 'object',
    }),
    description: 'Signed in: the session token, also set as the `payload-token` cookie',
  })
  const signIn = (errors: PayloadStatus[]) => errorsOf({ body: true, extra: errors })
  const post =
    (route: string, summary: string, description: string, details: (context: Context) => Obj) =>
    (context: Context): PathItems => ({
      [`/${context.slug}${route}`]: {
        post: op(
          {
            operationId: `${camel(context.slug)}_${camel(route.slice(1))}`,
            summary,
            tag: context.tag,
          },
          description,
          { ...details(context), security: PUBLIC },
        ),
      },
    })
  const body = (properties: Obj, required: string[]) => ({
    content: json({ properties, required, type: 'object' }),
    required: true,
  })
  return {
    'get /init': ({ slug, tag }) => ({
      [`/${slug}/init`]: {
        get: op(
          { operationId: `${camel(slug)}_init`, summary: 'Is there a first user?', tag },
          'Whether the first account has been created (the admin UI asks before offering to create it).',
          {
            responses: {
              200: {
                content: json({
                  properties: { initialized: { type: 'boolean' } },
                  required: ['initialized'],
                  type: 'object',
                }),
                description: 'Whether a first account exists',
              },
              ...errorsOf({}),
            },
            security: PUBLIC,
          },
        ),
      },
    }),
    'get /me': ({ slug, tag }) => ({
      [`/${slug}/me`]: {
        get: op(
          { operationId: `${camel(slug)}_me`, summary: 'Who is calling', tag },
          `The signed-in ${slug === 'users' ? 'user' : 'API client'} of this request, or \`user: null\` when it is someone else or no one.`,
          {
            responses: {
              200: {
                content: json({
                  properties: {
                    collection: { type: 'string' },
                    exp: { type: 'integer' },
                    message: { type: 'string' },
                    strategy: { type: 'string' },
                    token: { type: 'string' },
                    user: {
                      oneOf: [
                        ref(slug),
                        {
                          description: 'Someone else, or no one, is calling.',
                          enum: [null],
                          nullable: true,
                          type: 'object',
                        },
                      ],
                    },
                  },
                  required: ['user'],
                  type: 'object',
                }),
                description: 'The caller (`user` is null for anyone else)',
              },
              ...errorsOf({}),
            },
            security: PUBLIC,
          },
        ),
      },
    }),
    'post /first-register': post(
      '/first-register',
      'Create the first account',
      'Creates the first account while there is none, and signs it in (403 once one exists).',
      ({ slug }) => ({
        requestBody: body(credentials, ['email', 'password']),
        responses: { 200: session(slug), ...signIn([]) },
      }),
    ),
    'post /forgot-password': post(
      '/forgot-password',
      'Ask for a password reset',
      'Sends a password-reset e-mail to the address, if it names an account; the answer is the same either way. 503 when the mail server does not take the message.',
      () => ({
        requestBody: body({ email: credentials.email }, ['email']),
        responses: { 200: message('Accepted'), ...signIn([]) },
      }),
    ),
    'post /login': post(
      '/login',
      'Sign in',
      [
        'Signs in with e-mail and password; an account with two-factor sign-in also needs its second factor, in steps:',
        '',
        '1. `{email, password}`: an account with an authenticator app is answered 401 with `errors[0].data.mfa: "code"`;',
        "2. the same with `code` (the app's 6 digits) or `recoveryCode` (one of the one-time codes) signs in;",
        '3. an account that must have a second factor and has none is answered 401 with `data.mfa: "enrol"`, a new `secret` (and its `otpauth://` `uri`) and an `enrolmentToken`; sending the password again with `enrolmentToken` and a `code` from the app sets it up and signs in, and the answer carries ten recovery codes, shown once.',
        '',
        'A wrong code counts toward the lockout like a wrong password. Sign-ins have a budget per client address (429).',
      ].join('\n'),
      ({ slug }) => ({
        requestBody: body(
          {
            ...credentials,
            code: { description: "The authenticator app's 6-digit code.", type: 'string' },
            enrolmentToken: {
              description: 'From the `enrol` answer: with `code`, sets up the authenticator app.',
              type: 'string',
            },
            recoveryCode: { description: 'One of the one-time recovery codes.', type: 'string' },
          },
          ['email', 'password'],
        ),
        responses: {
          200: session(slug),
          ...signIn([423]),
          401: {
            content: json(ref('PayloadErrors'), {
              errors: [
                {
                  data: { mfa: 'code' },
                  message: 'Enter the 6-digit code from your authenticator app.',
                },
              ],
            }),
            description:
              'Wrong e-mail or password, or the second factor is needed (`errors[0].data.mfa`: `code`, `enrol`, `enrol-code`, `enrol-expired`)',
          },
        },
      }),
    ),
    'post /logout': post(
      '/logout',
      'Sign out',
      "Ends the caller's session and clears its cookie.",
      () => ({ responses: { 200: message('Signed out'), ...errorsOf({}) } }),
    ),
    'post /refresh-token': post(
      '/refresh-token',
      'Refresh the session',
      'A new token for the signed-in session, with a new expiry.',
      ({ slug }) => ({
        responses: {
          200: {
            content: json({
              properties: {
                exp: { type: 'integer' },
                message: { type: 'string' },
                refreshedToken: { type: 'string' },
                setCookie: {
                  description: 'Whether the new token was set as the cookie.',
                  type: 'boolean',
                },
                strategy: {
                  description: 'How the session was authenticated (`local-jwt`).',
                  type: 'string',
                },
                user: signedIn(slug),
              },
              type: 'object',
            }),
            description: 'The new token',
          },
          ...errorsOf({}),
        },
      }),
    ),
    'post /reset-password': post(
      '/reset-password',
      'Reset the password',
      'Sets a new password with the token of a reset e-mail. An account with two-factor sign-in is not signed in by it: its next sign-in asks for the code.',
      ({ slug }) => ({
        requestBody: body({ password: credentials.password, token: { type: 'string' } }, [
          'token',
          'password',
        ]),
        responses: { 200: session(slug), ...signIn([]) },
      }),
    ),
    'post /unlock': post(
      '/unlock',
      'Unlock an account',
      'Clears the lockout of an account after failed sign-ins (admins).',
      () => ({
        requestBody: body({ email: credentials.email }, ['email']),
        responses: { 200: message('Unlocked'), ...signIn([]) },
      }),
    ),
  }
}

/**
 * A real OpenID Connect provider on 127.0.0.1 (the `oidc-provider` package), for the sign-in
 * tests: discovery, JWKS, the authorization-code flow with PKCE, and a sign-in page of its own
 * where a test (or Chromium) types a person's login and ticks whether a second factor was used.
 * People are kept in `accounts`, which a test changes between sign-ins (groups, disabled). It
 * signs with a key the tests can use too (`sign`), so crafted tokens carry a genuine signature,
 * and `rotateKeys` replaces the key as a provider's rotation does.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

import { exportJWK, generateKeyPair, type JWK, type JWTPayload, type KeyLike, SignJWT } from 'jose'
import Provider, { type Configuration } from 'oidc-provider'

export type Account = {
  disabled?: boolean
  email: string
  email_verified?: boolean
  groups: string[]
  name: string
}

export type TestProvider = {
  accounts: Map<string, Account>
  clientId: string
  clientSecret: string
  close: () => Promise<void>
  issuer: string
  /** Replaces the signing key (the old one is no longer published unless `keepOld`). */
  rotateKeys: (keepOld?: boolean) => Promise<void>
  /** A token signed with the provider's current key (or `key`), as the provider would sign it. */
  sign: (claims: JWTPayload, options?: { key?: SigningKey }) => Promise<string>
  /** A key the provider does not publish. */
  strangerKey: () => Promise<SigningKey>
}

type SigningKey = { jwk: JWK; kid: string; privateKey: KeyLike }

const newKey = async (kid: string): Promise<SigningKey> => {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  return {
    jwk: { ...(await exportJWK(privateKey)), alg: 'RS256', kid, use: 'sig' },
    kid,
    privateKey,
  }
}

const page = (body: string) =>
  `<!doctype html><html><head><title>Test identity provider</title></head><body>${body}</body></html>`

const readForm = async (req: http.IncomingMessage): Promise<URLSearchParams> => {
  let text = ''
  for await (const chunk of req) text += chunk
  return new URLSearchParams(text)
}

/**
 * Starts the provider with one client whose callbacks are `redirectUris`; its issuer is known
 * before the service starts (the port is taken first).
 */
export const startTestProvider = async ({
  clientId = 'commerce',
  clientSecret = 'commerce-test-secret',
  redirectUris,
}: {
  clientId?: string
  clientSecret?: string
  redirectUris: string[]
}): Promise<TestProvider> => {
  const accounts = new Map<string, Account>()
  let keys = [await newKey('key-1')]
  let generation = 1
  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const build = () => {
    const configuration: Configuration = {
      claims: {
        email: ['email', 'email_verified'],
        groups: ['groups'],
        openid: ['sub', 'acr', 'amr'],
        profile: ['name'],
      },
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          grant_types: ['authorization_code'],
          redirect_uris: redirectUris,
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
        // Another application of the same provider, for tokens issued to someone else.
        {
          client_id: 'other-app',
          client_secret: 'other-app-secret',
          grant_types: ['authorization_code'],
          redirect_uris: ['http://127.0.0.1/other'],
          response_types: ['code'],
        },
      ],
      // Groups and e-mail in the ID token, as Entra, Okta and Google send them.
      conformIdTokenClaims: false,
      cookies: { keys: ['test-provider-cookie-key'] },
      features: { devInteractions: { enabled: false } },
      findAccount: (_ctx, id) => {
        const account = accounts.get(id)
        if (!account || account.disabled) return undefined
        return {
          accountId: id,
          claims: () => ({
            email: account.email,
            email_verified: account.email_verified ?? true,
            groups: account.groups,
            name: account.name,
            sub: id,
          }),
        }
      },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      jwks: { keys: keys.map((key) => key.jwk) },
      // First-party client: no consent screen.
      loadExistingGrant: async (ctx) => {
        const grant = new ctx.oidc.provider.Grant({
          accountId: ctx.oidc.session!.accountId,
          clientId: ctx.oidc.client!.clientId,
        })
        grant.addOIDCScope('openid email profile groups')
        await grant.save()
        return grant
      },
      scopes: ['openid', 'email', 'profile', 'groups'],
    }
    return new Provider(issuer, configuration)
  }
  let provider = build()

  server.on('request', (req, res) => {
    const match = /^\/interaction\/([\w-]+)$/.exec(req.url?.split('?')[0] ?? '')
    if (!match) return provider.callback()(req, res)
    void (async () => {
      try {
        if (req.method === 'GET') {
          await provider.interactionDetails(req, res)
          res.setHeader('Content-Type', 'text/html')
          res.end(
            page(`<h1>Test identity provider</h1>
<form method="post">
  <label>Login <input name="login" autofocus></label>
  <label><input type="checkbox" name="mfa" value="1"> Second factor used</label>
  <button type="submit">Continue</button>
</form>`),
          )
          return
        }
        const form = await readForm(req)
        const login = form.get('login') ?? ''
        const account = accounts.get(login)
        const result =
          account && !account.disabled
            ? {
                login: {
                  accountId: login,
                  amr: form.get('mfa') ? ['pwd', 'mfa'] : ['pwd'],
                  remember: false,
                },
              }
            : { error: 'access_denied', error_description: 'The account is disabled or unknown.' }
        await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false })
      } catch (error) {
        res.statusCode = 500
        res.end(String(error))
      }
    })()
  })

  const sign = (claims: JWTPayload, { key = keys[0] } = {}) =>
    new SignJWT({ iss: issuer, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
      .sign(key.privateKey)

  return {
    accounts,
    clientId,
    clientSecret,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
    issuer,
    rotateKeys: async (keepOld = false) => {
      generation += 1
      const fresh = await newKey(`key-${generation}`)
      keys = keepOld ? [fresh, ...keys] : [fresh]
      provider = build()
    },
    sign,
    strangerKey: () => newKey('stranger'),
  }
}

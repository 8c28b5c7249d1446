/** The admin actions this service adds to collections, and the admin UI's saved preferences. */
import { json, type Obj, payloadDoc } from '../responses'
import { camel, Context, errorsOf, idParamOf, message, op, PathItems } from './shared'

/** The actions this service adds: `POST /<collection>/{id}/<action>`, for admins (src/api/adminAction.ts). */
export function actionRoutes(): Record<string, (context: Context) => PathItems> {
  const action =
    (name: string, summary: string, description: string, answer: Obj) =>
    ({ collection, slug, tag }: Context): PathItems => ({
      [`/${slug}/{id}/${name}`]: {
        post: op({ operationId: `${camel(slug)}_${camel(name)}`, summary, tag }, description, {
          parameters: [idParamOf(collection)],
          responses: { 200: answer, ...errorsOf({ byId: true }) },
        }),
      },
    })
  return {
    'post /:id/mfa-reset': action(
      'mfa-reset',
      'Reset two-factor sign-in',
      "Clears a user's second factor and ends their sessions, for someone who lost both the app and the recovery codes (admins). Their next sign-in sets it up again where it is required.",
      message('Reset'),
    ),
    'post /:id/resend': action(
      'resend',
      'Send a delivery again',
      'Makes the webhook delivery due again at once, with a fresh schedule of attempts and the same `webhook-id` (admins).',
      payloadDoc('webhook-deliveries'),
    ),
    'post /:id/send-test': action(
      'send-test',
      'Send a test event',
      'Sends a signed `webhook.test` event to the webhook endpoint now, enabled or not, and answers with what its receiver did: `delivered` (a 2xx), the status code or the error, and the time taken (admins). It is not a delivery: nothing is logged, retried or counted against the endpoint.',
      {
        content: json({
          properties: {
            delivered: { type: 'boolean' },
            error: { nullable: true, type: 'string' },
            id: { type: 'integer' },
            latencyMs: { type: 'integer' },
            messageId: { type: 'string' },
            statusCode: { nullable: true, type: 'integer' },
          },
          required: ['id', 'delivered', 'statusCode', 'error', 'latencyMs', 'messageId'],
          type: 'object',
        }),
        description: "The receiver's answer",
      },
    ),
    'post /:id/rotate-secret': action(
      'rotate-secret',
      'Rotate the signing secret',
      'A new signing secret for the webhook endpoint, answered once; the one it replaces still signs beside it until `previousSecretExpiresAt` (admins).',
      {
        content: json({
          properties: {
            id: { type: 'integer' },
            previousSecretExpiresAt: { format: 'date-time', type: 'string' },
            secret: { type: 'string' },
          },
          required: ['id', 'previousSecretExpiresAt', 'secret'],
          type: 'object',
        }),
        description: 'The new secret',
      },
    ),
  }
}

/** The admin UI's saved preferences, by key, for the signed-in staff user (`payload-preferences`). */
export function preferenceRoutes(): Record<string, (context: Context) => PathItems> {
  const keyParam = {
    description: 'The preference key (the admin UI names them).',
    in: 'path',
    name: 'key',
    required: true,
    schema: { type: 'string' },
  }
  // A read or a delete of a saved preference answers its record; a read of none, `value` null.
  const preference = {
    content: json({
      properties: {
        createdAt: { format: 'date-time', type: 'string' },
        doc: { description: 'The preference as saved (the answer of a save).', type: 'object' },
        id: { description: 'The saved preference.', type: 'integer' },
        key: { type: 'string' },
        message: { type: 'string' },
        updatedAt: { format: 'date-time', type: 'string' },
        user: { description: 'Whose preference it is.', type: 'object' },
        value: { description: 'Any JSON value.' },
      },
      type: 'object',
    }),
    description: 'The preference (`value` is null when there is none)',
  }
  const keyOp =
    (method: string, summary: string, description: string, extra: Obj = {}) =>
    ({ slug, tag }: Context): PathItems => ({
      [`/${slug}/{key}`]: {
        [method]: op({ operationId: `${camel(slug)}_${method}ByKey`, summary, tag }, description, {
          parameters: [keyParam],
          ...extra,
          responses: {
            200: preference,
            ...errorsOf({ body: 'requestBody' in extra, byId: true }),
          },
        }),
      },
    })
  return {
    'delete /:key': keyOp(
      'delete',
      'Delete a preference',
      "Deletes one of the caller's preferences.",
    ),
    'get /:key': keyOp('get', 'Read a preference', "One of the caller's preferences."),
    'post /:key': keyOp('post', 'Save a preference', "Saves one of the caller's preferences.", {
      requestBody: {
        content: json({ properties: { value: {} }, required: ['value'], type: 'object' }),
        required: true,
      },
    }),
  }
}

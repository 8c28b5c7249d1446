/** The lead desk's routes on leads (src/leadDesk/endpoints.ts). */
import { MOVED } from '@/leadDesk/merge'

import { json, payloadDoc, ref } from '../responses'
import { ANY_OBJECT, camel, Context, errorsOf, idParamOf, op, PathItems } from './shared'

const RULE = {
  description: 'The duplicate rule that matched.',
  enum: ['email', 'name-phone', 'similar-name-phone'],
  type: 'string',
}

/** A row of an import merged into an existing lead (src/admin/transfer, src/leadDesk/duplicates.ts). */
export const MERGED_ROW = {
  properties: {
    into: { description: 'The id of the lead it was added to.', type: 'integer' },
    reason: { description: 'Why it is a duplicate, in words.', type: 'string' },
    title: { description: "The lead's title (its name), as the caller reads it.", type: 'string' },
  },
  required: ['into', 'reason'],
  type: 'object',
}

/** The 200 answer of `POST /api/lead` when the submission was merged into an existing lead. */
export const mergedIntoExisting = (slug: string) => ({
  content: json({
    properties: {
      doc: ref(slug),
      duplicate: {
        properties: {
          createdAt: { format: 'date-time', type: 'string' },
          event: { description: 'The `Lead Created` lead event recording it.', type: 'integer' },
          lead: { type: 'integer' },
          rule: RULE,
        },
        required: ['createdAt', 'event', 'lead', 'rule'],
        type: 'object',
      },
      message: { type: 'string' },
    },
    required: ['doc', 'duplicate', 'message'],
    type: 'object',
  }),
  description:
    'The submission duplicates a recent lead of its location: it was added to that lead (`doc`) as a `Lead Created` event instead of creating one. The `Lead-Merged-Into` header names the lead.',
  headers: {
    'Lead-Merged-Into': { description: 'The id of the lead.', schema: { type: 'integer' } },
  },
})

const MERGED_VALUE = {
  properties: {
    field: { type: 'string' },
    from: { enum: ['kept', 'other'], type: 'string' },
    kept: {},
    label: { type: 'string' },
    other: {},
    result: {},
  },
  required: ['field', 'from', 'label'],
  type: 'object',
}

/** What a merge counts and moves, one count each (src/leadDesk/merge.ts). */
const MOVED_KINDS = Object.keys(MOVED).sort()

const LEAD_REF = {
  properties: { id: { type: 'integer' }, title: { nullable: true, type: 'string' } },
  required: ['id'],
  type: 'object',
}

export const leadDeskRoutes = (): Record<string, (context: Context) => PathItems> => ({
  'get /:id/desk': ({ collection, slug, tag }: Context): PathItems => ({
    [`/${slug}/{id}/desk`]: {
      get: op(
        { operationId: `${camel(slug)}_desk`, summary: "The lead page's desk panel", tag },
        "The lead's state (assignee with name, follow-up and contact due times, do-not-contact, escalation, current status), its timeline of lead events, VDP e-mails and staff notes newest first, its appointments by time, its tasks (open ones first, by due time), its consumer's other leads and its location's rota, each read as the caller.",
        {
          parameters: [idParamOf(collection)],
          responses: {
            200: { content: json(ANY_OBJECT), description: 'The desk panel' },
            ...errorsOf({ byId: true }),
          },
        },
      ),
    },
  }),
  'post /:id/activity': ({ collection, slug, tag }: Context): PathItems => ({
    [`/${slug}/{id}/activity`]: {
      post: op(
        { operationId: `${camel(slug)}_logActivity`, summary: 'Log activity on a lead', tag },
        "Creates a lead event on the lead (made current when it sets a status) and, with `followUpDue`, sets the lead's next follow-up time, in one transaction: when either is refused (a 409 for a person who asked not to be contacted, say) neither is saved. Needs the right to create lead events, and to change leads for `followUpDue`.",
        {
          parameters: [idParamOf(collection)],
          requestBody: {
            content: json({
              properties: {
                followUpDue: { format: 'date-time', type: 'string' },
                nextSteps: { type: 'string' },
                status: { description: 'A lead event status.', type: 'string' },
                type: { description: 'A lead event type.', type: 'string' },
              },
              type: 'object',
            }),
            required: true,
          },
          responses: {
            201: {
              content: json({
                properties: { event: ANY_OBJECT, lead: ANY_OBJECT },
                required: ['event'],
                type: 'object',
              }),
              description: 'The lead event created, and the lead when its follow-up time changed',
            },
            ...errorsOf({ body: true, byId: true, extra: [409] }),
          },
        },
      ),
    },
  }),
  'post /:id/consent': ({ collection, slug, tag }: Context): PathItems => ({
    [`/${slug}/{id}/consent`]: {
      post: op(
        {
          operationId: `${camel(slug)}_recordConsent`,
          summary: "Record a lead's contact consent",
          tag,
        },
        "Records a contact consent the lead's customer gave (a text refused with \"No consent\", say): a grant of `kind` (`calls-and-texts`, the default, or `e-mail-marketing`) for the lead's phone number or e-mail address (its consumer's when it has none), with the seller of the lead's location for calls and texts and the newest disclosure of the kind. Answers the consent. Needs the right to read the lead (404 otherwise) and to record consents (403 for a lead-agent key); a dealer records `calls-and-texts` only (`e-mail-marketing` is a 400 naming `kind`: the house records kinds that name no company); a lead without the number or address, an unknown kind or method, or no disclosure of the kind is a 400 naming the field.",
        {
          parameters: [idParamOf(collection)],
          requestBody: {
            content: json({
              properties: {
                kind: { enum: ['calls-and-texts', 'e-mail-marketing'], type: 'string' },
                method: { enum: ['web-form', 'phone', 'in-person', 'api'], type: 'string' },
              },
              required: ['method'],
              type: 'object',
            }),
            required: true,
          },
          responses: {
            201: payloadDoc('consents'),
            ...errorsOf({ body: true, byId: true }),
          },
        },
      ),
    },
  }),
  'post /:id/withdraw': ({ collection, slug, tag }: Context): PathItems => ({
    [`/${slug}/{id}/withdraw`]: {
      post: op(
        {
          operationId: `${camel(slug)}_withdraw`,
          summary: 'Withdraw a do-not-contact request',
          tag,
        },
        "Records that the customer asked to hear from the store again: the request is kept, with `withdrawnAt`, `withdrawnBy` and `withdrawnReason`, and refuses nothing from then on. The person's leads are unmarked (`doNotContact`), unless another request of theirs still stands, which they then show. `reason` is required: not blank, at most 500 characters (400 naming it otherwise). A request withdrawn already is a 409 saying when and by whom. House staff only: staff and staff admins (403 for dealers, compliance officers and every API key); a request the caller cannot read is 404.",
        {
          parameters: [idParamOf(collection)],
          requestBody: {
            content: json({
              properties: { reason: { maxLength: 500, minLength: 1, type: 'string' } },
              required: ['reason'],
              type: 'object',
            }),
            required: true,
          },
          responses: {
            200: payloadDoc(slug),
            ...errorsOf({ body: true, byId: true, extra: [409] }),
          },
        },
      ),
    },
  }),
  'get /:id/duplicates': ({ collection, slug, tag }: Context): PathItems => ({
    [`/${slug}/{id}/duplicates`]: {
      get: op(
        { operationId: `${camel(slug)}_duplicates`, summary: "A lead's possible duplicates", tag },
        'Leads of the same location, created within `LEAD_DUPLICATE_DAYS` before or after it, that match it by a duplicate rule that is on (not merged, not trashed, readable by the caller), best first; `canMerge` says whether the caller may merge them.',
        {
          parameters: [idParamOf(collection)],
          responses: {
            200: {
              content: json({
                properties: {
                  canMerge: { type: 'boolean' },
                  docs: {
                    items: {
                      properties: {
                        assignee: { nullable: true, type: 'integer' },
                        createdAt: { format: 'date-time', type: 'string' },
                        currentStatus: { nullable: true, type: 'string' },
                        email: { nullable: true, type: 'string' },
                        id: { type: 'integer' },
                        phoneNumber: { nullable: true, type: 'string' },
                        reason: { type: 'string' },
                        rule: RULE,
                        title: { nullable: true, type: 'string' },
                      },
                      required: ['id', 'reason', 'rule', 'createdAt'],
                      type: 'object',
                    },
                    type: 'array',
                  },
                  lead: { type: 'integer' },
                },
                required: ['canMerge', 'docs', 'lead'],
                type: 'object',
              }),
              description: 'The possible duplicates',
            },
            ...errorsOf({ byId: true }),
          },
        },
      ),
    },
  }),
  'post /:id/merge': ({ collection, slug, tag }: Context): PathItems => ({
    [`/${slug}/{id}/merge`]: {
      post: op(
        { operationId: `${camel(slug)}_merge`, summary: 'Merge another lead into this one', tag },
        "Keeps this lead and merges lead `other` into it, in one transaction: its lead events, VDP e-mails and do-not-contact requests move here, its values fill this lead's empty ones (`values`: which wins), and it stays readable, marked `mergedInto` this lead. `dryRun: true` answers the same preview and changes nothing. Needs the right to change both leads; a lead into itself is 400, a lead already merged (either side) 409.",
        {
          parameters: [idParamOf(collection)],
          requestBody: {
            content: json({
              properties: {
                dryRun: { type: 'boolean' },
                other: { description: 'The id of the lead merged into this one.', type: 'integer' },
              },
              required: ['other'],
              type: 'object',
            }),
            required: true,
          },
          responses: {
            200: {
              content: json({
                properties: {
                  doc: ref(slug),
                  kept: LEAD_REF,
                  message: { type: 'string' },
                  moves: {
                    properties: Object.fromEntries(
                      MOVED_KINDS.map((kind) => [kind, { type: 'integer' }]),
                    ),
                    required: MOVED_KINDS,
                    type: 'object',
                  },
                  other: LEAD_REF,
                  values: { items: MERGED_VALUE, type: 'array' },
                },
                required: ['kept', 'message', 'moves', 'other', 'values'],
                type: 'object',
              }),
              description: 'The merge (with `doc`, the kept lead after it) or its preview',
            },
            ...errorsOf({ body: true, byId: true, extra: [409] }),
          },
        },
      ),
    },
  }),
  'post /:id/assign': ({ collection, slug, tag }: Context): PathItems => ({
    [`/${slug}/{id}/assign`]: {
      post: op(
        { operationId: `${camel(slug)}_assign`, summary: 'Take or hand over a lead', tag },
        'Without `assignee`, the calling staff user takes the lead; with it, the lead is handed over to that staff user. Needs the right to change leads.',
        {
          parameters: [idParamOf(collection)],
          requestBody: {
            content: json({
              properties: { assignee: { description: 'A user id.', type: 'integer' } },
              type: 'object',
            }),
          },
          responses: { 200: payloadDoc(slug), ...errorsOf({ body: true, byId: true }) },
        },
      ),
    },
  }),
})

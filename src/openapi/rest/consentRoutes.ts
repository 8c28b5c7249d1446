/** The consent ledger's route on consents (src/compliance/consents/disclosureEndpoint.ts). */
import { json } from '../responses'
import { camel, Context, errorsOf, idParamOf, op, PathItems } from './shared'

export const consentRoutes = (): Record<string, (context: Context) => PathItems> => ({
  'get /:id/disclosure': ({ collection, slug, tag }: Context): PathItems => ({
    [`/${slug}/{id}/disclosure`]: {
      get: op(
        {
          operationId: `${camel(slug)}_disclosure`,
          summary: 'The disclosure a consent was captured with',
          tag,
        },
        'The text of the disclosure the consent names, its version and the SHA-256 the consent stored at capture, with the hash of the text as kept now and whether the two match. For whoever may read the consent; 404 for a consent that names no disclosure (a revocation).',
        {
          parameters: [idParamOf(collection)],
          responses: {
            200: {
              content: json({
                properties: {
                  consent: { type: 'integer' },
                  disclosure: { type: 'integer' },
                  kind: { type: 'string' },
                  matches: { type: 'boolean' },
                  sha256: { nullable: true, type: 'string' },
                  text: { type: 'string' },
                  textSha256: { type: 'string' },
                  version: { nullable: true, type: 'string' },
                },
                required: [
                  'consent',
                  'disclosure',
                  'kind',
                  'matches',
                  'sha256',
                  'text',
                  'textSha256',
                  'version',
                ],
                type: 'object',
              }),
              description: 'The disclosure text and the check of its hash',
            },
            ...errorsOf({ byId: true }),
          },
        },
      ),
    },
  }),
})

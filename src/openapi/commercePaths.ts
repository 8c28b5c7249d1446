/** Endpoints 1–10 (src/commerce/index.ts): records in the commerce envelope, at a chosen depth. */
import { operation, type OperationName, tagged } from './operation'
import {
  depthParam,
  idempotencyKeyParam,
  idParam,
  ifMatchParam,
  ifNoneMatchParam,
  listParams,
} from './parameters'
import { addressesInput, createBody, type Records, updateBody } from './records'
import {
  commerceError,
  commerceErrors,
  envelope,
  IDEMPOTENCY_CONFLICTS,
  NOT_MODIFIED,
  type Obj,
  pagedList,
  PRECONDITION_FAILED,
  ref,
  withETag,
} from './responses'

const creditAppExample = {
  consumer: 'con_demo_maria',
  preApproval: 'pre_demo_maria',
  provider: 'provider_a',
  toProvider: false,
  vehicle: '4T1B11HK7NU000123',
}
// The birth date is a placeholder, not any consumer's (a demo consumer's would be personal data).
const consumerExample = {
  birthDate: '2000-01-01',
  email: 'maria.gonzalez@example.com',
  firstName: 'María',
  lastName: 'González',
  phoneNumber: '(213) 555-0147',
}

const createErrors = {
  400: commerceError(400, 'Missing Required Information'),
  409: commerceError(409, IDEMPOTENCY_CONFLICTS[409]),
  422: commerceError(422, IDEMPOTENCY_CONFLICTS[422]),
}

const createOp = (name: OperationName, schema: string, requestBody: Obj) =>
  operation(name, {
    parameters: [depthParam, idempotencyKeyParam],
    requestBody,
    responses: {
      200: envelope(schema),
      ...commerceErrors(undefined, createErrors, { body: true }),
    },
  })
/** One record by id: a read, or an update when it has a body; with its version (ETag). */
const recordOp = (name: OperationName, schema: string, notFound: string, requestBody?: Obj) =>
  operation(name, {
    parameters: [idParam, depthParam, requestBody ? ifMatchParam : ifNoneMatchParam],
    ...(requestBody ? { requestBody } : {}),
    responses: {
      200: withETag(envelope(schema)),
      ...(requestBody ? {} : NOT_MODIFIED),
      ...commerceErrors(
        notFound,
        requestBody ? { 412: commerceError(412, PRECONDITION_FAILED) } : {},
        { body: Boolean(requestBody) },
      ),
    },
  })
const listOp = (name: OperationName, schema: string) =>
  operation(name, {
    parameters: listParams,
    responses: { 200: pagedList(schema), ...commerceErrors() },
  })

/**
 * Endpoint 8's deal: the expanded facilitator carries the deal's `facilitatorLocation` as
 * `location` (src/commerce/endpoints/deals.ts), which the company record does not have.
 */
export const commerceSchemas = (records: Records) => {
  const deal = records.deal
  const facilitator = (deal.properties?.facilitator ?? {}) as Obj
  const [id] = (facilitator.oneOf ?? [{ type: 'string' }]) as Obj[]
  const location = (deal.properties?.facilitatorLocation ?? {}) as Obj
  return {
    DealAnswer: {
      ...deal,
      properties: {
        ...deal.properties,
        facilitator: {
          ...facilitator,
          oneOf: [
            id,
            {
              allOf: [
                ref('company'),
                {
                  properties: {
                    location: {
                      ...location,
                      description:
                        "The deal's facilitator location (`facilitatorLocation`), shown inside the facilitator as the interface has it; null when the deal names none.",
                    },
                  },
                  required: ['location'],
                  type: 'object',
                },
              ],
            },
          ],
        },
      },
    },
  }
}

const credit = tagged('Credit')
const commerce = tagged('Commerce')

/** 1–4: credit apps, credit reports and consumers. */
export const creditPaths = (records: Records) => ({
  '/creditapps': {
    post: createOp(
      credit(
        'createCreditApp',
        '1. Create a credit app',
        'Creates a credit application for a consumer, a pre-approval and a vehicle (by VIN). With `toProvider: true` it is sent to the provider named in `provider` by a durable job; `providerSubmission` tells how that goes.',
      ),
      'credit-app',
      createBody(records['credit-app'], ['preApproval', 'consumer', 'vehicle'], creditAppExample),
    ),
  },
  '/creditapps/{id}': {
    get: recordOp(
      credit(
        'getCreditApp',
        '2. Get a credit app',
        'One credit application by id, its relations embedded to `depth`. SSNs are masked; birth dates are shown to the roles that may read them.',
      ),
      'credit-app',
      'Credit App Not Found',
    ),
  },
  '/creditreports/{id}': {
    patch: recordOp(
      credit(
        'updateCreditReport',
        '3. Update a credit report',
        'Changes the fields the body carries of one credit report; with `If-Match`, only while it is still that version.',
      ),
      'credit-report',
      'Credit Report Not Found',
      updateBody(records['credit-report']),
    ),
  },
  '/consumers': {
    post: createOp(
      credit(
        'createConsumer',
        '4. Create a consumer',
        'Creates a consumer. `addresses` takes address ids, existing addresses by `id`, or new addresses to create and link, all in one transaction.',
      ),
      'consumer',
      createBody(
        records.consumer,
        ['birthDate', 'phoneNumber', 'lastName', 'firstName'],
        consumerExample,
        { addresses: addressesInput(records.address) },
      ),
    ),
  },
})

/** 5–10: contacts, web events, companies, deals, facilitators and customers. */
export const commercePaths = (records: Records) => ({
  '/contacts/{id}': {
    patch: recordOp(
      commerce(
        'updateContact',
        '5. Update a contact',
        'Changes the fields the body carries of one contact; with `If-Match`, only while it is still that version.',
      ),
      'contact',
      'Contact Not Found',
      updateBody(records.contact),
    ),
  },
  '/webevents': {
    get: listOp(
      commerce(
        'listWebEvents',
        '6. List web events',
        'A page of web events, by page number or by cursor (`nextCursor`), filtered by `where`.',
      ),
      'web-event',
    ),
  },
  '/companies': {
    get: listOp(
      commerce(
        'listCompanies',
        '7. List companies',
        'A page of companies, facilitators included (`where[isFacilitator][equals]=false` for the others), each with every one of its locations.',
      ),
      'company',
    ),
  },
  '/deals/{id}': {
    get: recordOp(
      commerce(
        'getDeal',
        '8. Get a deal (the facilitator carries its `location`)',
        "One deal by id, its relations embedded to `depth`; the expanded facilitator carries the deal's facilitator location as `location`.",
      ),
      'DealAnswer',
      'Deal Not Found',
    ),
  },
  '/facilitators/{id}': {
    get: recordOp(
      commerce(
        'getFacilitator',
        '9. Get a facilitator',
        'One company that is a facilitator (`isFacilitator`), by id, with its locations.',
      ),
      'company',
      'Facilitator Not Found',
    ),
  },
  '/customers/{id}': {
    get: recordOp(
      commerce(
        'getCustomer',
        '10. Get a customer',
        'One customer by id, its relations embedded to `depth`.',
      ),
      'customer',
      'Customer Not Found',
    ),
  },
})

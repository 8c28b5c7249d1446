/** What the HTTP benchmark sends: each workload to the service, Payload's REST path and a baseline. */
import { makeVin } from '@/generate/vins'

import type { Request } from './load'

/**
 * Where a target's requests go: the service, the same service with its compiled writes off
 * (`COMPILED_WRITES=false`: Payload's create and update, the before of each compiled write), the
 * service as an API node runs it (`ADMIN_UI=off`: the lean build, `--api-only`), or the
 * hand-written baseline server.
 */
export type Target = {
  label: string
  on: 'apiOnly' | 'baseline' | 'service' | 'uncompiled'
  request: () => Request
}

export type Workload = { name: string; targets: Target[] }

export type Inputs = {
  authorization: string
  creditApps: string[]
  customers: string[]
  deepPage: number
  /** The nextCursor of the page before deepPage: the same page, asked for by cursor. */
  deepCursor: string
  likeWords: string[]
}

/** The elements of `list` one after another, round and round. */
export const cycle = <T>(list: T[]) => {
  let next = 0
  return () => list[next++ % list.length]
}

export const consumerBody = JSON.stringify({
  birthDate: '1985-03-14',
  email: 'bench@example.com',
  firstName: 'Bench',
  lastName: 'Write',
  phoneNumber: '(646) 555-0100',
  ssn: '900-12-3456',
})

/** GET `service`, `rest` (paths built from the same input) and the baseline's path. */
const read = (
  name: string,
  next: () => string,
  paths: {
    baseline: (input: string) => string
    rest: (input: string) => string
    service: (input: string) => string
  },
  headers: Record<string, string>,
): Workload => ({
  name,
  targets: [
    {
      label: 'service',
      on: 'service',
      request: () => ({ headers, method: 'GET', path: paths.service(next()) }),
    },
    {
      label: 'Payload REST',
      on: 'service',
      request: () => ({ headers, method: 'GET', path: paths.rest(next()) }),
    },
    {
      label: 'baseline',
      on: 'baseline',
      request: () => ({ method: 'GET', path: paths.baseline(next()) }),
    },
  ],
})

export const writeWorkload = (name: string, headers: Record<string, string>): Workload => ({
  name,
  targets: [
    {
      label: 'service',
      on: 'service',
      request: () => ({ body: consumerBody, headers, method: 'POST', path: '/api/consumers' }),
    },
    {
      label: 'Payload REST',
      on: 'service',
      request: () => ({ body: consumerBody, headers, method: 'POST', path: '/api/consumer' }),
    },
    {
      label: 'baseline',
      on: 'baseline',
      request: () => ({ body: consumerBody, method: 'POST', path: '/consumers' }),
    },
  ],
})

/** What a front end reports: an error with its stack, as the browsers of a storefront send it. */
export const errorBody = JSON.stringify({
  digest: '2981237645',
  message: "TypeError: Cannot read properties of undefined (reading 'price')",
  source: 'web',
  stack: [
    "TypeError: Cannot read properties of undefined (reading 'price')",
    '    at VehiclePrice (https://shop.example/_next/static/chunks/app/vdp/page-8f1c.js:1:2345)',
    '    at renderWithHooks (https://shop.example/_next/static/chunks/framework-2c79.js:9:5620)',
    '    at updateFunctionComponent (https://shop.example/_next/static/chunks/framework-2c79.js:9:8921)',
  ].join('\n'),
  url: 'https://shop.example/vdp/4T1B11HK7NU000123',
})

/** Endpoint 15: a front end reports an error, anonymously (Payload's REST create). */
export const errorWorkload: Workload = {
  name: 'POST /api/errors (a front end reports an error)',
  targets: [
    {
      label: 'service',
      on: 'service',
      request: () => ({ body: errorBody, headers: {}, method: 'POST', path: '/api/errors' }),
    },
    {
      label: 'baseline',
      on: 'baseline',
      request: () => ({ body: errorBody, method: 'POST', path: '/errors' }),
    },
  ],
}

/**
 * The workload with one more target after the service's: the same request function (one sequence
 * of requests for both: a new lead's e-mail and phone are never sent twice) to another process.
 */
const besideService = (workload: Workload, on: Target['on'], label: string): Workload => {
  const service = workload.targets.find((target) => target.on === 'service')
  if (!service) return workload
  const at = workload.targets.indexOf(service) + 1
  return {
    ...workload,
    targets: [
      ...workload.targets.slice(0, at),
      { ...service, label, on },
      ...workload.targets.slice(at),
    ],
  }
}

/** A compiled write's workload, with Payload's write measured in the same run. */
export const withUncompiled = (workload: Workload): Workload =>
  besideService(workload, 'uncompiled', 'compiled writes off')

/** The workload with the service as an API node runs it (`ADMIN_UI=off`) measured beside it. */
export const withApiOnly = (workload: Workload): Workload =>
  besideService(workload, 'apiOnly', 'service, API only')

export const readWorkloads = (inputs: Inputs): Workload[] => {
  const headers = { authorization: inputs.authorization }
  const page = (number: number) =>
    read(
      `GET /api/webevents?page=${number}`,
      () => String(number),
      {
        baseline: (n) => `/webevents?page=${n}`,
        rest: (n) => `/api/web-event?page=${n}`,
        service: (n) => `/api/webevents?page=${n}`,
      },
      headers,
    )
  const customers = read(
    'GET /api/customers/{id}',
    cycle(inputs.customers),
    {
      baseline: (id) => `/customers/${id}`,
      rest: (id) => `/api/customer/${id}`,
      service: (id) => `/api/customers/${id}`,
    },
    headers,
  )
  // What a lookup by primary key costs at the least: the customer's own row, nothing embedded.
  const rows = cycle(inputs.customers)
  customers.targets.push({
    label: 'baseline, row only',
    on: 'baseline',
    request: () => ({ method: 'GET', path: `/customer-row/${rows()}` }),
  })
  const deep = page(inputs.deepPage)
  deep.targets.splice(1, 0, {
    label: 'service, by cursor',
    on: 'service',
    request: () => ({
      headers,
      method: 'GET',
      path: `/api/webevents?cursor=${encodeURIComponent(inputs.deepCursor)}`,
    }),
  })
  return [
    customers,
    read(
      'GET /api/creditapps/{id} (depth 2)',
      cycle(inputs.creditApps),
      {
        baseline: (id) => `/creditapps/${id}`,
        rest: (id) => `/api/credit-app/${id}?depth=2`,
        service: (id) => `/api/creditapps/${id}`,
      },
      headers,
    ),
    {
      name: 'GET /api/users/me (anonymous)',
      targets: [
        {
          label: 'service',
          on: 'service',
          request: () => ({ method: 'GET', path: '/api/users/me' }),
        },
        { label: 'baseline', on: 'service', request: () => ({ method: 'GET', path: '/healthz' }) },
      ],
    },
    page(1),
    deep,
    read(
      'GET /api/companies?where[name][like]=…',
      cycle(inputs.likeWords),
      {
        baseline: (word) => `/companies?like=${word}`,
        rest: (word) => `/api/company?where[name][like]=${word}`,
        service: (word) => `/api/companies?where[name][like]=${word}`,
      },
      headers,
    ),
  ]
}

/** Listing lookups of VINs the service has never seen (the vPIC decoder's cold path). */
export const lookupWorkload = (authorization: string): Workload => {
  let serial = Math.floor(Math.random() * 500_000)
  return {
    name: 'GET /api/listings/{new VIN}',
    targets: [
      {
        label: 'service',
        on: 'service',
        request: () => ({
          headers: { authorization },
          method: 'GET',
          path: `/api/listings/${makeVin(serial, ++serial)}`,
        }),
      },
    ],
  }
}

/** The demo storefront's records: a web account, its events, and an error it reported. */

/** The web account of a lead (the contract types its `lead` as a string). */
export const account = (maria: number) => ({
  anonymousIds: ['anon-7f3c9a', 'anon-b41e02'],
  consumer: 'con_demo_maria',
  id: 'acc_demo_maria',
  lead: String(maria),
})

export const webEvents = [
  { account: 'acc_demo_maria', anonymousId: 'anon-7f3c9a', id: 'wev_demo_1', name: 'vdp_viewed' },
  {
    account: 'acc_demo_maria',
    anonymousId: 'anon-7f3c9a',
    id: 'wev_demo_2',
    name: 'prequal_started',
  },
  {
    account: 'acc_demo_maria',
    anonymousId: 'anon-b41e02',
    id: 'wev_demo_3',
    name: 'credit_app_submitted',
  },
]

/** Error records have numeric ids: the seed knows them by `digest`. */
export const errorRecords = [
  {
    digest: 'demo-1',
    message: "TypeError: Cannot read properties of undefined (reading 'price')",
    source: 'storefront',
    url: 'https://shop.example.com/vehicles/4T1B11HK7NU000123',
  },
]

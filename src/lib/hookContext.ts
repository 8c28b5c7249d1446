/**
 * What the service keeps on `req.context` during one request, typed the way Payload documents
 * (declaration merging into `RequestContext`): hooks read these without casts. Credit data
 * declares its own in src/creditData/context.ts.
 */
declare module 'payload' {
  interface RequestContext {
    /** Set by the provider job on its own writes, so they do not queue the app again. */
    providerJob?: boolean
  }
}

export {}

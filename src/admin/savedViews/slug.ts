/** Payload's collection of query presets: the saved views. */
export const PRESETS_SLUG = 'payload-query-presets'

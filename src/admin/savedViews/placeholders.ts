/**
 * What a saved view's filter may name instead of a fixed value, replaced when the view is read
 * (./index.ts): the reader and the time. Apart from ./index.ts so the list of views can say them
 * in words (./describe.ts) without Payload's server code.
 */

/** Each placeholder in words, as the list of saved views shows it. */
export const PLACEHOLDER_WORDS: Record<string, string> = {
  '{{me}}': 'me',
  '{{now}}': 'now',
  '{{startOfToday}}': 'the start of today (UTC)',
}

/** Each placeholder's value for `userId` at `now`. */
export const placeholderValues = (
  userId: number | string | undefined,
  now = new Date(),
): Record<string, unknown> => ({
  '{{me}}': userId,
  '{{now}}': now.toISOString(),
  '{{startOfToday}}': new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()),
  ).toISOString(),
})

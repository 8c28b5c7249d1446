/** Refusals shared by endpoints of our own that answer in Payload's error shape. */

/** `{errors: [{message}]}` with `status`: Payload's own error shape. */
export const payloadError = (status: number, message: string): Response =>
  Response.json({ errors: [{ message }] }, { status })

/** The work's result, or null when the caller may not read what it reads (Forbidden, 403). */
export const unlessForbidden = <T>(work: Promise<T>): Promise<null | T> =>
  work.catch((error: unknown) => {
    if ((error as { status?: number }).status === 403) return null
    throw error
  })

import type { TestService } from './service'

/** Headers as a plain object: jest's diff of a failing match cannot print undici's Headers. */
export type JsonResponse = { body: any; headers: Record<string, string>; status: number }

/** Sends JSON and reads JSON back (the body is `null` when there is none). */
export const sendJson = async (
  service: TestService,
  method: string,
  path: string,
  { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<JsonResponse> => {
  const response = await service.api(path, {
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    method,
  })
  const text = await response.text()
  return {
    body: text ? JSON.parse(text) : null,
    headers: Object.fromEntries(response.headers),
    status: response.status,
  }
}

/** The field paths a Payload validation error names. */
export const invalidPaths = (body: any): string[] =>
  (body?.errors ?? [])
    .flatMap((error: any) => (error.data?.errors ?? []).map((item: any) => item.path))
    .sort()

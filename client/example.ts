/**
 * The typed client in use (README, "Typed client"): openapi-fetch with the generated types.
 * Paths, parameters and answers are checked by TypeScript; a test runs this against the service.
 */
import createClient from 'openapi-fetch'

import type { paths } from './api'

/** Every facilitator's name, following `nextCursor` through the pages. */
export const facilitatorNames = async (baseUrl: string, apiKey: string): Promise<string[]> => {
  const api = createClient<paths>({ baseUrl, headers: { Authorization: apiKey } })
  const names: string[] = []
  let cursor: string | undefined
  do {
    const { data, error } = await api.GET('/companies', {
      params: {
        query: { cursor, limit: 2, sort: 'name', where: '{"isFacilitator":{"equals":true}}' },
      },
    })
    if (error) throw new Error(`GET /companies: ${JSON.stringify(error)}`)
    names.push(...data.data.map((company) => company.name))
    cursor = data.nextCursor ?? undefined
  } while (cursor)
  return names
}

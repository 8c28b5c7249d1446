import type { Principal, PrincipalName } from './principals'
import type { TestService } from './service'

export type Op = 'create' | 'delete' | 'read' | 'update'
export const OPS: Op[] = ['create', 'read', 'update', 'delete']
export const CALLERS: PrincipalName[] = [
  'staffAdmin',
  'clientAdmin',
  'staff',
  'integrator',
  'leadAgent',
  'anonymous',
  'disabledClient',
]

/**
 * Performs `op` on a fresh record of `collection` as `caller`, over HTTP. Returns true when it
 * was allowed, false when refused (401/403/404); anything else is a failure of the test.
 */
export const attempt = async (
  service: TestService,
  who: Record<PrincipalName, Principal>,
  {
    caller,
    collection,
    data,
    op,
  }: { caller: PrincipalName; collection: string; data: () => object; op: Op },
): Promise<boolean> => {
  const target = await service.payload.create({
    collection: collection as 'users',
    data: data() as never,
  })
  const headers = { 'Content-Type': 'application/json', ...who[caller].headers }
  const path = `/api/${collection}/${encodeURIComponent(String(target.id))}`
  const requests: Record<Op, () => Promise<Response>> = {
    create: () =>
      service.api(`/api/${collection}`, { body: JSON.stringify(data()), headers, method: 'POST' }),
    delete: () => service.api(path, { headers, method: 'DELETE' }),
    read: () => service.api(path, { headers }),
    update: () => service.api(path, { body: '{}', headers, method: 'PATCH' }),
  }
  const response = await requests[op]()
  if (response.ok) return true
  if ([401, 403, 404].includes(response.status)) return false
  throw new Error(`${op} ${collection} as ${caller}: ${response.status} ${await response.text()}`)
}

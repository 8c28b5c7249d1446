import type { Principal, PrincipalName } from '../helpers/principals'
import type { FuzzContext } from './requests'

/** The campaign's view of the test callers (test/helpers/principals.ts). */
export const contextFromPrincipals = (who: Record<PrincipalName, Principal>): FuzzContext => {
  const authorization: FuzzContext['authorization'] = {}
  for (const name of [
    'staff',
    'staffAdmin',
    'integrator',
    'leadAgent',
    'clientAdmin',
    'disabledClient',
  ] as const) {
    authorization[name] = who[name].headers.Authorization
  }
  const ids = (names: PrincipalName[]) =>
    names.map((name) => Number(who[name].id)).filter(Number.isFinite)
  return {
    authorization,
    protectedIds: {
      'api-clients': ids(['integrator', 'leadAgent', 'clientAdmin', 'disabledClient']),
      users: ids(['staff', 'staffAdmin']),
    },
  }
}

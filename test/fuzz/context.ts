import type { Principal, PrincipalName } from '../helpers/principals'
import { type FuzzContext, PRINCIPALS } from './requests'

/** The campaign's view of the test callers (test/helpers/principals.ts). */
export const contextFromPrincipals = (who: Record<PrincipalName, Principal>): FuzzContext => {
  const authorization: FuzzContext['authorization'] = {}
  for (const name of PRINCIPALS) {
    // Anonymous callers send no credential; `bogus` ones send one nobody issued.
    if (name !== 'anonymous' && name !== 'bogus')
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

/**
 * Who may do what: the one table of the service's access. Every collection and global has a row,
 * every custom endpoint an entry, each naming every role. Collections build their `access` from
 * it (`policyAccess`), the dealer wrapper reads its column (plugins/commerce/dealerAccess.ts),
 * endpoints check the role sets named here, and test/unit/policy.test.ts fails when the built
 * config has a collection, global or endpoint without its row, or an access function that
 * answers otherwise than its row says. The roles table of docs/access.md is printed from it
 * (`policyTable`).
 */
import type { Access, CollectionConfig, CollectionSlug, GlobalSlug } from 'payload'

import { type AllowedRoles, checkRole, type ClientRole } from './roles'

/** The kinds of caller, as the table's columns. */
export const POLICY_ROLES = [
  'staffAdmin',
  'staff',
  'dealer',
  'adminKey',
  'integrator',
  'leadAgent',
  'leadSource',
  'compliance',
  'anonymous',
] as const
export type PolicyRole = (typeof POLICY_ROLES)[number]

/** What each column is, for docs/access.md. */
export const ROLE_NAMES: Record<PolicyRole, string> = {
  adminKey: '`admin` key',
  anonymous: 'anonymous',
  dealer: '`dealer`',
  integrator: '`integrator` key',
  compliance: '`compliance`',
  leadAgent: '`lead-agent` key',
  leadSource: '`lead-source` key',
  staff: '`staff`',
  staffAdmin: 'staff `admin`',
}

/** A column as the roles `checkRole` reads (anonymous is no role: nothing to check). */
const AS_ROLES: Record<PolicyRole, AllowedRoles> = {
  adminKey: { clients: ['admin'] },
  anonymous: {},
  dealer: { staff: ['dealer'] },
  integrator: { clients: ['integrator'] },
  compliance: { staff: ['compliance'] },
  leadAgent: { clients: ['lead-agent'] },
  leadSource: { clients: ['lead-source'] },
  staff: { staff: ['staff'] },
  staffAdmin: { staff: ['admin'] },
}

const union = (...roles: PolicyRole[]): AllowedRoles => ({
  clients: roles.flatMap((role) => AS_ROLES[role].clients ?? []),
  staff: roles.flatMap((role) => AS_ROLES[role].staff ?? []),
})

/**
 * The named sets of roles, defined here only. "Admins" are staff admins and admin keys; "house
 * staff" the service's own people (staff admins, staff), never dealers; "staff users" everyone
 * who signs in to the admin UI, dealers included.
 */
export const ROLE_SETS = {
  admins: union('staffAdmin', 'adminKey'),
  commerce: union('staffAdmin', 'staff', 'dealer', 'adminKey', 'integrator'),
  house: union('staffAdmin', 'staff', 'adminKey'),
  complianceReaders: union('staffAdmin', 'adminKey', 'compliance'),
  houseStaff: union('staffAdmin', 'staff'),
  staffAdmins: union('staffAdmin'),
  /** Callers who submit and read nothing back but the id (hooks/writeOnlyAnswers.ts). */
  writeOnly: union('leadSource'),
  staffUsers: union('staffAdmin', 'staff', 'dealer', 'compliance'),
  staffUsersAndAdmins: union('staffAdmin', 'staff', 'dealer', 'compliance', 'adminKey'),
} as const satisfies Record<string, AllowedRoles>
export type RoleSet = keyof typeof ROLE_SETS

export const allow =
  (roles: AllowedRoles): Access =>
  ({ req: { user } }) =>
    checkRole(user, roles)

/**
 * A cell: the operations a role may perform, C R U D. A capital letter is every record; a small
 * one is some records only, by a rule of the collection: a dealer's company's (access/dealer.ts),
 * a user's own account, a saved view that allows it. An empty cell is nothing.
 */
type Cell = string
type Row = Record<PolicyRole, Cell> & { note?: string }

const row = (cells: string, note?: string): Row => {
  const parts = cells.split(' ')
  if (parts.length !== POLICY_ROLES.length)
    throw new Error(`a policy row needs ${POLICY_ROLES.length} cells: ${cells}`)
  const cellsByRole = Object.fromEntries(
    POLICY_ROLES.map((role, i) => [role, parts[i] === '-' ? '' : parts[i]]),
  ) as Record<PolicyRole, Cell>
  return { ...cellsByRole, ...(note && { note }) }
}

// Columns: staff admin, staff, dealer, admin key, integrator, lead-agent key, lead-source key,
// compliance officer, anonymous.
// prettier-ignore
export const COLLECTION_POLICY: Record<CollectionSlug, Row> = {
  lead:                    row('CRUD CRUD Crud CRUD - R C - -'),
  leadEvents:              row('CRUD CRUD Crud CRUD - RU - - -'),
  vdpEmails:               row('CRUD CRUD Crud CRUD - RU - - -'),
  'lead-note':             row('CRUD CRUD Crud CRUD - - - - -', "staff's notes at the lead desk"),
  'lead-appointment':      row('CRUD CRUD Crud CRUD - - - - -', 'set and marked at the lead desk'),
  'lead-task':             row('CRUD CRUD Crud CRUD - - - - -', 'set and ticked off at the lead desk'),
  'do-not-contact':        row('R R r R - - - R -', 'recorded by the service from lead events'),
  'mailbox-message':       row('RD R - RD - - - - -', 'recorded by the lead mailbox'),
  'credit-app':            row('CRUD CRU Cru CRUD CR - - - -', 'credit data: staff do not delete it'),
  'pre-approval':          row('CRUD CRU Cru CRUD R - - - -'),
  'credit-band':           row('CRUD CRU R CRUD R - - - -'),
  'credit-report':         row('CRUD CRU Cru CRUD RU - - - -'),
  consumer:                row('CRUD CRU Cru CRUD CR - - - -'),
  consents:                row('CR CR Cr CR CR - - R -', 'a ledger: nobody changes or deletes one'),
  disclosures:             row('CRUD CRUD R CRUD R - - R -', 'kept as they are once a consent names one'),
  deal:                    row('CRUD CRUD Crud CRUD R - - - -'),
  customer:                row('CRUD CRUD Crud CRUD R - - - -'),
  contact:                 row('CRUD CRUD - CRUD RU - - - -'),
  company:                 row('CRUD CRUD r CRUD R - - - -', 'dealers: their own and the facilitators'),
  location:                row('CRUD CRUD r CRUD R - - - -', 'dealers: their own and the facilitators'),
  address:                 row('CRUD CRUD Crud CRUD CR - - - -'),
  city:                    row('CRUD CRUD CR CRUD CR - - - -'),
  state:                   row('CRUD CRUD R CRUD R - - - -'),
  'web-event':             row('RD R - CRD R - - - -', 'the tracker writes them with an admin key'),
  account:                 row('CRUD CRUD - CRUD R - - - -'),
  vehicle:                 row('CRUD CRUD R CRUD R - - - -'),
  'vehicle-spec':          row('CRUD CRUD R CRUD R - - - -'),
  listing:                 row('CRUD CRUD R CRUD R - - - -'),
  media:                   row('CRUD CRUD R CRUD R R R R R'),
  vin:                     row('CRUD CRUD CR CRUD - R - - -'),
  errors:                  row('CRUD CRUD C CRUD C C C C C'),
  users:                   row('CRUD Ru ru CRUD - - - Ru -', 'others their own account, and the names of colleagues: a dealer its company\'s and the house\'s'),
  'api-clients':           row('CRUD - - CRUD r r r - -', 'a key reads itself'),
  'lookup-cache':          row('RD - - RD - - - - -', 'written by the lookups'),
  'audit-log':             row('R - - - - - - - -', 'written by the service'),
  'adverse-action-notice': row('RU RU r RU - - - R -', 'written by the service'),
  'sanctions-match':       row('R R r R - - - R -', 'reviewed through POST …/review'),
  'sanctions-list':        row('R R - R - - - R -', 'loaded through POST /api/sanctions-list/load; read by who reviews its matches'),
  'webhook-endpoints':     row('CRUD - - CRUD - - - - -'),
  'webhook-deliveries':    row('R - - R - - - - -', 'written by the outbox'),
  'legal-holds':           row('CRU CRU - CRU - - - R -', 'kept: nobody deletes one'),
  'consumer-requests':     row('CRU CRU - CRU - - - R -', 'kept: only the audited retention sweep removes one'),
  'payload-jobs':          row('R - - - - - - - -', 'the jobs queue; run by the worker'),
  'payload-preferences':   row('Crud Crud Crud Crud Crud Crud Crud Crud -', 'each caller its own'),
  'payload-query-presets': row('Crud Crud Crud - - - - Crud -', 'saved views: as each view allows'),
  'payload-kv':            row('- - - - - - - - -', 'not served over REST'),
  'payload-locked-documents': row('CRUD CRUD CRUD CRUD CRUD CRUD CRUD CRUD -', 'not served over REST'),
  'payload-migrations':    row('CRUD CRUD CRUD CRUD CRUD CRUD CRUD CRUD -', 'not served over REST'),
}

// prettier-ignore
export const GLOBAL_POLICY: Record<GlobalSlug, Row> = {
  'contact-consent-rules': row('RU R R RU - R - R -'),
  'tco-settings':          row('RU R R RU - - - - -'),
}

/**
 * The custom endpoints, by `METHOD /path` (a collection's prefixed by its slug), and the roles
 * that may call them. A role set named here is enforced before the handler runs, for every
 * caller (src/http/input/callerFirst.ts); `access` defers to the collection's access, which the
 * handler applies.
 */
export const ENDPOINT_POLICY: Record<string, RoleSet | 'access' | 'anyone'> = {
  'GET /access': 'anyone',
  'GET /companies': 'commerce',
  'GET /compliance/breach-report': 'complianceReaders',
  'GET /creditapps/:id': 'commerce',
  'GET /customers/:id': 'commerce',
  'GET /deals/:id': 'commerce',
  'GET /facilitators/:id': 'commerce',
  'GET /listings/:vin': 'commerce',
  'GET /retention/dry-run': 'admins',
  'GET /search': 'access',
  'GET /tco/:vin': 'commerce',
  'GET /webevents': 'access',
  'PATCH /contacts/:id': 'access',
  'PATCH /creditreports/:id': 'commerce',
  'POST /consumers': 'commerce',
  'POST /creditapps': 'commerce',
  'POST /leads/adf': 'access',
  'adverse-action-notice GET /:id/print': 'house',
  'adverse-action-notice POST /:id/deliver': 'house',
  'consents GET /:id/disclosure': 'access',
  'consumer-requests GET /:id/export': 'house',
  'consumer-requests POST /:id/delete-data': 'admins',
  'do-not-contact POST /:id/withdraw': 'houseStaff',
  'lead GET /:id/desk': 'access',
  'lead GET /:id/duplicates': 'access',
  'lead POST /:id/activity': 'access',
  'lead POST /:id/consent': 'access',
  'lead POST /:id/assign': 'access',
  'lead POST /:id/merge': 'access',
  'payload-jobs GET /handle-schedules': 'access',
  'payload-jobs GET /run': 'access',
  'sanctions-list POST /load': 'admins',
  'sanctions-match POST /:id/review': 'house',
  'users GET /oidc/:provider/callback': 'anyone',
  'users GET /oidc/:provider/start': 'anyone',
  'users POST /:id/mfa-reset': 'staffAdmins',
  'users POST /oidc/:provider/backchannel-logout': 'anyone',
  'users POST /oidc/second-factor': 'anyone',
  'webhook-deliveries POST /:id/resend': 'admins',
  'webhook-endpoints POST /:id/rotate-secret': 'admins',
  'webhook-endpoints POST /:id/send-test': 'admins',
  '* DELETE /': 'access',
  '* DELETE /:id': 'access',
  '* GET /export': 'access',
  '* GET /import-template': 'access',
  '* POST /import': 'access',
}

/**
 * Whether `user` may call an endpoint whose entry above is a role set: for the admin UI, which
 * offers an action only to whoever its endpoint would let through.
 */
export const mayCall = (user: Parameters<typeof checkRole>[0], endpoint: string): boolean => {
  const entry = ENDPOINT_POLICY[endpoint]
  if (entry === undefined || entry === 'access') throw new Error(`${endpoint}: no role set`)
  return entry === 'anyone' || checkRole(user, ROLE_SETS[entry])
}

const OPERATIONS = { create: 'C', delete: 'D', read: 'R', update: 'U' } as const
type Operation = keyof typeof OPERATIONS

/** The roles whose cell of `row` allows `op` on every record. */
export const rolesAllowed = (policy: Row, op: Operation): AllowedRoles =>
  union(...POLICY_ROLES.filter((role) => policy[role].includes(OPERATIONS[op])))

/** The dealer column of a collection's row: the operations, and whether they are on some records. */
export const dealerCell = (slug: CollectionSlug): { all: Operation[]; scoped: Operation[] } => {
  const cell = COLLECTION_POLICY[slug]?.dealer ?? ''
  const ops = Object.entries(OPERATIONS) as [Operation, string][]
  return {
    all: ops.filter(([, letter]) => cell.includes(letter)).map(([op]) => op),
    scoped: ops.filter(([, letter]) => cell.includes(letter.toLowerCase())).map(([op]) => op),
  }
}

/**
 * A collection's `access`, read from its row: each operation for the roles whose cell has its
 * capital letter (anonymous callers only where the anonymous cell has it). A dealer's small
 * letters are added by the dealer wrapper; other small letters need an access of the
 * collection's own.
 */
export const policyAccess = (slug: CollectionSlug): NonNullable<CollectionConfig['access']> => {
  const policy = COLLECTION_POLICY[slug]
  if (!policy) throw new Error(`${slug}: no row in access/policy.ts`)
  const forOp = (op: Operation): Access => {
    const roles = rolesAllowed(policy, op)
    const anonymous = policy.anonymous.includes(OPERATIONS[op])
    return ({ req: { user } }) => (anonymous && !user) || checkRole(user, roles)
  }
  return {
    create: forOp('create'),
    delete: forOp('delete'),
    read: forOp('read'),
    update: forOp('update'),
  }
}

/** The roles table of docs/access.md, printed from the rows. */
export const policyTable = (): string => {
  const header = `| Collection | ${POLICY_ROLES.map((role) => ROLE_NAMES[role]).join(' | ')} | Note |`
  const rule = `|${'---|'.repeat(POLICY_ROLES.length + 2)}`
  const lines = [...Object.entries(COLLECTION_POLICY), ...Object.entries(GLOBAL_POLICY)].map(
    ([slug, policy]) =>
      `| \`${slug}\` | ${POLICY_ROLES.map((role) => policy[role] || '–').join(' | ')} | ${policy.note ?? ''} |`,
  )
  return [header, rule, ...lines].join('\n')
}

/** A global's `access`, read from its row (R and U are all a global has). */
export const policyGlobalAccess = (slug: GlobalSlug) => {
  const policy = GLOBAL_POLICY[slug]
  if (!policy) throw new Error(`${slug}: no row in access/policy.ts`)
  const forOp = (op: 'read' | 'update'): Access => allow(rolesAllowed(policy, op))
  return { read: forOp('read'), update: forOp('update') }
}

/** The policy column of an API-key role (the one `AS_ROLES` gives that role). */
export const keyColumn = (role: ClientRole): PolicyRole =>
  POLICY_ROLES.find((column) => AS_ROLES[column].clients?.includes(role)) ?? 'anonymous'

/** What a role may do, in one line per collection it reaches: for `create-api-key --help`. */
export const roleSummary = (role: PolicyRole): string =>
  Object.entries(COLLECTION_POLICY)
    .filter(([slug, policy]) => policy[role] && !slug.startsWith('payload-'))
    .map(([slug, policy]) => `${slug} ${policy[role]}`)
    .join(', ')

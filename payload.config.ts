import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { postgresAdapter } from '@payloadcms/db-postgres'
import { buildConfig, type Config } from 'payload'

import { Accounts } from './collections/Accounts'
import { Addresses } from './collections/Addresses'
import { AdverseActionNotices } from './collections/AdverseActionNotices'
import { ApiClients } from './collections/ApiClients'
import { AuditLog } from './collections/AuditLog'
import { Cities } from './collections/Cities'
import { Companies } from './collections/Companies'
import { Consents } from './collections/Consents'
import { ConsumerRequests } from './collections/ConsumerRequests'
import { Consumers } from './collections/Consumers'
import { Contacts } from './collections/Contacts'
import { CreditApps } from './collections/CreditApps'
import { CreditBands } from './collections/CreditBands'
import { CreditReports } from './collections/CreditReports'
import { Customers } from './collections/Customers'
import { Deals } from './collections/Deals'
import { Disclosures } from './collections/Disclosures'
import { DoNotContact } from './collections/DoNotContact'
import { Errors } from './collections/Errors'
import { LeadAppointments } from './collections/LeadAppointments'
import { LeadEvents } from './collections/LeadEvents'
import { LeadNotes } from './collections/LeadNotes'
import { Leads } from './collections/Leads'
import { LeadTasks } from './collections/LeadTasks'
import { LegalHolds } from './collections/LegalHolds'
import { Listings } from './collections/Listings'
import { Locations } from './collections/Locations'
import { LookupCache } from './collections/LookupCache'
import { MailboxMessages } from './collections/MailboxMessages'
import { Media } from './collections/Media'
import { PreApprovals } from './collections/PreApprovals'
import { SanctionsLists } from './collections/SanctionsLists'
import { SanctionsMatches } from './collections/SanctionsMatches'
import { States } from './collections/States'
import { Users } from './collections/Users'
import { VdpEmails } from './collections/VdpEmails'
import { Vehicles } from './collections/Vehicles'
import { VehicleSpecs } from './collections/VehicleSpecs'
import { Vins } from './collections/Vins'
import { WebEvents } from './collections/WebEvents'
import { WebhookDeliveries } from './collections/WebhookDeliveries'
import { WebhookEndpoints } from './collections/WebhookEndpoints'
import { ContactConsentRules } from './globals/ContactConsentRules'
import { TcoSettings } from './globals/TcoSettings'
import { withVersionRoutes } from './globals/versionRoutes'
import { answerApiErrors } from './hooks/apiErrors'
import { commerceCollections } from './plugins/commerce'
import { adfEndpoint } from './src/adf/endpoint'
import { richTextEditor } from './src/admin/richText'
import { queryPresets, readableFilters, resolvePresetPlaceholders } from './src/admin/savedViews'
import { searchEndpoint } from './src/admin/search'
import { askBuiltInKeyStrategyOnce } from './src/auth/apiKeyCache'
import { askResolvedCredentialFirst } from './src/auth/resolvedCredential'
import { commerceEndpoints } from './src/commerce'
import { breachReportEndpoint } from './src/compliance/breach/endpoint'
import { retentionDryRunEndpoint } from './src/compliance/retention/endpoints'
import { skipEmptyDeletes } from './src/db/emptyDeletes'
import { extraIndexes, TRIGRAM_EXTENSION } from './src/db/indexes'
import { queryTimeouts, sessionOptions } from './src/db/pooledQueries'
import { countFromRowCounts } from './src/db/rowCounts'
import { emailAdapter } from './src/email/adapter'
import { REFUSAL_LOG_LEVELS } from './src/errors'
import { jobs } from './src/jobs/config'
import { logger } from './src/lib/logger'
import { allowedOrigins, serverURL, settings } from './src/lib/settings'
import { lookupEndpoints } from './src/lookups/endpoints'
import { storagePlugin } from './src/media/storage'

const dirname = path.dirname(fileURLToPath(import.meta.url))

// Each collection as its file declares it; the plugin adds the hooks, fields and access its
// declarations ask for (plugins/commerce). The admin UI's navigation lists groups in the order
// their first collection appears here: the lead desk first.
const collections = [
  Leads,
  LeadEvents,
  VdpEmails,
  LeadNotes,
  LeadAppointments,
  LeadTasks,
  DoNotContact,
  MailboxMessages,
  CreditApps,
  PreApprovals,
  CreditBands,
  CreditReports,
  Consumers,
  Consents,
  Disclosures,
  Deals,
  Customers,
  Contacts,
  Companies,
  Locations,
  Addresses,
  Cities,
  States,
  WebEvents,
  Accounts,
  Vehicles,
  VehicleSpecs,
  Listings,
  Media,
  Vins,
  Errors,
  Users,
  ApiClients,
  LookupCache,
  AuditLog,
  AdverseActionNotices,
  SanctionsMatches,
  SanctionsLists,
  WebhookEndpoints,
  WebhookDeliveries,
  LegalHolds,
  ConsumerRequests,
]
const globals = withVersionRoutes([TcoSettings, ContactConsentRules])

export default buildConfig({
  admin: {
    // The gravatar default would make every browser call out to an external host.
    avatar: 'default',
    components: {
      afterNavLinks: [
        '/src/admin/navigation/ApiDocsLink#ApiDocsLink',
        '/src/compliance/breach/BreachReportLink#BreachReportLink',
      ],
      beforeDashboard: ['/src/admin/SearchBox#SearchBox', '/src/admin/Dashboard#Dashboard'],
      header: ['/src/admin/versions/RestoreForAdminsOnly#RestoreForAdminsOnly'],
      // Payload's form has no place for the second factor (src/auth/mfa).
      views: {
        breachReport: {
          Component: '/src/compliance/breach/BreachReportView#BreachReportView',
          path: '/breach-report',
        },
        login: { Component: '/src/admin/signIn/SignInView#SignInView' },
      },
    },
    importMap: {
      baseDir: dirname,
      importMapFile: path.resolve(dirname, 'src/app/(payload)/admin/importMap.js'),
    },
    meta: { titleSuffix: ' · Commerce' },
    user: Users.slug,
  },
  collections,
  cors: allowedOrigins(),
  csrf: allowedOrigins(),
  db: postgresAdapter({
    afterSchemaInit: [extraIndexes],
    extensions: [TRIGRAM_EXTENSION],
    migrationDir: path.resolve(dirname, 'src/migrations'),
    pool: {
      connectionString: process.env.DATABASE_URL,
      // A server that takes the connection and never answers must fail the start (or the
      // request) instead of holding it forever.
      connectionTimeoutMillis: settings('database').DATABASE_CONNECT_TIMEOUT_MS,
      // A query runs at most this long on the server; a connection that then stays silent is
      // given up a second later (a request answers 503 instead of hanging).
      ...queryTimeouts(settings('database').DATABASE_QUERY_TIMEOUT_MS),
      // Sent with every connection, the read replicas' too (they take the same pool options).
      ...sessionOptions(settings('database').DATABASE_JIT),
    },
    // The schema only ever changes through committed migrations, in every environment.
    push: false,
    // Reads outside a transaction go to the replicas, except for this long after a write by this
    // process or, on any node, by the same caller (src/http/readYourWrites.ts).
    readReplicas: settings('database').DATABASE_READ_URLS.length
      ? settings('database').DATABASE_READ_URLS
      : undefined,
    readReplicasAfterWriteInterval: settings('database').DATABASE_READ_AFTER_WRITE_MS,
  }),
  editor: richTextEditor([...collections, ...globals]),
  email: emailAdapter,
  endpoints: [
    ...commerceEndpoints,
    ...lookupEndpoints,
    adfEndpoint,
    searchEndpoint,
    retentionDryRunEndpoint,
    breachReportEndpoint,
  ],
  globals,
  // Everything is served over REST; one API surface is one surface to secure.
  graphQL: { disable: true },
  hooks: { afterError: [answerApiErrors] },
  jobs,
  logger,
  // A refusal of what a caller sent is not a failure of the service (src/lib/logLevels.ts).
  // Payload's type lists only its own error names; the lookup is by any error's name.
  loggingLevels: REFUSAL_LOG_LEVELS as Config['loggingLevels'],
  onInit: (payload) => {
    askResolvedCredentialFirst(payload)
    askBuiltInKeyStrategyOnce(payload)
    countFromRowCounts(payload)
    skipEmptyDeletes(payload)
    resolvePresetPlaceholders(payload)
  },
  // The collections assembled first: the storage plugin's hooks and fields come after theirs.
  plugins: [commerceCollections(), storagePlugin()],
  queryPresets,
  secret: process.env.PAYLOAD_SECRET || '',
  serverURL: serverURL(),
  telemetry: false,
  typescript: {
    // Types are generated by `npm run generate:types`, never as a side effect of starting.
    autoGenerate: false,
    outputFile: path.resolve(dirname, 'payload-types.ts'),
  },
}).then(readableFilters)

/**
 * The records connected to a consumer or a deal, read as the viewer (their access applies). The
 * contract links a deal to no consumer or credit app: a deal and a credit app are connected when
 * they are for the same vehicle, so a consumer's deals are the deals on their credit apps'
 * vehicles.
 */
import type { CollectionSlug, Payload, TypedUser, Where } from 'payload'

import { unlessForbidden } from '@/errors'
import { type Linked, recordHref } from '@/lib/adminHref'
import { relationId } from '@/lib/relationId'

import { formatDay, formatMoney, vehicleTitle } from './format'
import { submissionText } from './submission'

/** `timeZone`: the viewer's dealership's, for the days shown (UTC without one). */
type Viewer = { adminRoute: string; payload: Payload; timeZone?: string; user: TypedUser }

const LIMIT = 25

const asViewer = ({ user }: Viewer) => ({ depth: 0, limit: LIMIT, overrideAccess: false, user })

const creditAppsWhere = async (viewer: Viewer, where: Where) => {
  const { docs } = await viewer.payload.find({
    ...asViewer(viewer),
    collection: 'credit-app',
    select: { providerSubmission: true, title: true, vehicle: true },
    sort: '-createdAt',
    where,
  })
  return docs
}

const creditAppLinks = (viewer: Viewer, apps: Awaited<ReturnType<typeof creditAppsWhere>>) =>
  apps.map((app): Linked => ({
    detail: submissionText(app.providerSubmission),
    href: recordHref(viewer.adminRoute, 'credit-app', app.id),
    id: String(app.id),
    title: app.title || String(app.id),
  }))

/** A consumer's leads, credit apps (as applicant or co-applicant) and deals. */
export const consumerRecords = async (viewer: Viewer, consumer: string) => {
  const { docs: leads } = await viewer.payload.find({
    ...asViewer(viewer),
    collection: 'lead',
    select: { source: true, title: true },
    sort: '-createdAt',
    where: { consumer: { equals: consumer } },
  })
  const apps = await creditAppsWhere(viewer, {
    or: [{ consumer: { equals: consumer } }, { coApplicantConsumer: { equals: consumer } }],
  })
  const vehicles = [...new Set(apps.map((app) => relationId(app.vehicle)).filter((id) => id))]
  const { docs: deals } = vehicles.length
    ? await viewer.payload.find({
        ...asViewer(viewer),
        collection: 'deal',
        select: { currentBidPrice: true, title: true },
        sort: '-createdAt',
        where: { vehicle: { in: vehicles } },
      })
    : { docs: [] }
  return {
    compliance: await consumerCompliance(viewer, consumer, {
      apps: apps.map((app) => String(app.id)),
      leads: leads.map((lead) => lead.id),
    }),
    creditApps: creditAppLinks(viewer, apps),
    deals: deals.map((deal): Linked => ({
      detail: deal.currentBidPrice == null ? 'no bid' : `bid ${formatMoney(deal.currentBidPrice)}`,
      href: recordHref(viewer.adminRoute, 'deal', deal.id),
      id: deal.id,
      title: deal.title || deal.id,
    })),
    leads: leads.map((lead): Linked => ({
      detail: lead.source ?? undefined,
      href: recordHref(viewer.adminRoute, 'lead', lead.id),
      id: String(lead.id),
      title: lead.title || `Lead ${lead.id}`,
    })),
  }
}

type Doc = Record<string, unknown>

/** A day as the viewer's dealership has it ("Nov 28, 2026"). */
const dayFor = (viewer: Viewer) => (value: unknown) => formatDay(value, viewer.timeZone ?? 'UTC')

/**
 * The records of `collection` matching `where`, each linked and described; null when the viewer
 * may not read that collection at all (the section is then not shown, rather than shown empty).
 */
const linked = async (
  viewer: Viewer,
  collection: CollectionSlug,
  where: Where,
  describe: (doc: Doc) => Omit<Linked, 'href' | 'id'>,
): Promise<Linked[] | null> => {
  const found = await unlessForbidden(
    viewer.payload.find({ ...asViewer(viewer), collection, sort: '-createdAt', where }),
  )
  return (
    found?.docs.map((doc) => ({
      ...describe(Object.fromEntries(Object.entries(doc))),
      href: recordHref(viewer.adminRoute, collection, doc.id),
      id: String(doc.id),
    })) ?? null
  )
}

const NOTICE_KINDS: Record<string, string> = {
  counteroffer: 'Counteroffer notice',
  counteroffer_not_accepted: 'Counteroffer not accepted notice',
  declined: 'Decline notice',
  not_placed: 'Not placed notice',
}

/** The adverse-action notices of credit apps `apps`, each with its state. */
export const noticeLinks = (viewer: Viewer, apps: string[]) => {
  const when = dayFor(viewer)
  return linked(
    viewer,
    'adverse-action-notice',
    { creditApp: { in: apps.length ? apps : [''] } },
    (doc) => ({
      detail: doc.deliveredAt
        ? `delivered ${when(doc.deliveredAt)}`
        : doc.withdrawnAt
          ? 'withdrawn'
          : `due ${when(doc.dueAt)}`,
      title: NOTICE_KINDS[String(doc.kind)] ?? 'Adverse-action notice',
    }),
  )
}

/** The sanctions matches of the people of credit apps `apps`: who, against whom, where it stands. */
export const matchLinks = (viewer: Viewer, apps: string[]) =>
  linked(
    viewer,
    'sanctions-match',
    {
      and: [
        { subjectCollection: { equals: 'credit-app' } },
        { subjectId: { in: apps.length ? apps : [''] } },
      ],
    },
    (doc) => ({
      detail: `${String(doc.status)} · score ${String(doc.score)}`,
      title: `${String(doc.screenedName)} against ${String(doc.listedName ?? 'a listed name')}`,
    }),
  )

/**
 * What compliance holds on a consumer, each linked: their do-not-contact requests (of them or of
 * their `leads`), legal holds, data requests, and the adverse-action notices and sanctions
 * matches of their credit apps (`apps`, as the viewer reads them). A kind the viewer may not
 * read is null.
 */
export const consumerCompliance = async (
  viewer: Viewer,
  consumer: string,
  { apps, leads }: { apps: string[]; leads: number[] },
) => {
  const when = dayFor(viewer)
  // A request recorded while its lead had no consumer names the lead alone, and keeps it so.
  const ofTheirs: Where = leads.length
    ? { or: [{ consumer: { equals: consumer } }, { lead: { in: leads } }] }
    : { consumer: { equals: consumer } }
  const [doNotContact, holds, requests, notices, matches] = await Promise.all([
    linked(viewer, 'do-not-contact', ofTheirs, (doc) => ({
      detail: doc.withdrawnAt
        ? `withdrawn ${when(doc.withdrawnAt)}${doc.withdrawnBy ? ` by ${String(doc.withdrawnBy)}` : ''}`
        : doc.recordedBy
          ? `by ${String(doc.recordedBy)}`
          : undefined,
      title: doc.withdrawnAt
        ? `Did not want contact, ${when(doc.recordedAt ?? doc.createdAt)} to ${when(doc.withdrawnAt)}`
        : `Do not contact, since ${when(doc.recordedAt ?? doc.createdAt)}`,
    })),
    linked(viewer, 'legal-holds', { consumer: { equals: consumer } }, (doc) => ({
      detail: doc.releasedAt ? `released ${when(doc.releasedAt)}` : 'in force',
      title: `Legal hold: ${String(doc.reason ?? '')}`,
    })),
    linked(viewer, 'consumer-requests', { consumer: { equals: consumer } }, (doc) => ({
      detail: String(doc.status ?? ''),
      title: `${String(doc.title ?? 'Request')}, received ${when(doc.receivedAt)}`,
    })),
    noticeLinks(viewer, apps),
    matchLinks(viewer, apps),
  ])
  return { doNotContact, holds, matches, notices, requests }
}

/** A deal's vehicle ("2022 Toyota Camry LE"), the credit apps on it, and its bid history. */
export const dealRecords = async (viewer: Viewer, deal: string, vehicleId: unknown) => {
  const vin = relationId(vehicleId)
  const vehicle = vin
    ? await viewer.payload
        .findByID({
          collection: 'vehicle',
          depth: 0,
          disableErrors: true,
          id: vin,
          overrideAccess: false,
          user: viewer.user,
        })
        .catch(() => null)
    : null
  const apps = vin ? await creditAppsWhere(viewer, { vehicle: { equals: vin } }) : []
  return {
    bids: await bidVersions(viewer, deal),
    creditApps: creditAppLinks(viewer, apps),
    vehicle: vehicle
      ? {
          href: recordHref(viewer.adminRoute, 'vehicle', vehicle.id),
          id: vehicle.id,
          title: vehicleTitle(vehicle),
        }
      : undefined,
  }
}

/** Every saved version of a deal, oldest first: when, by whom, and its three bids. */
const bidVersions = async (viewer: Viewer, deal: string) => {
  const { docs } = await viewer.payload.findVersions({
    collection: 'deal',
    depth: 0,
    limit: 100,
    overrideAccess: false,
    sort: '-updatedAt',
    user: viewer.user,
    where: { parent: { equals: deal } },
  })
  const editors = [...new Set(docs.map((doc) => relationId(doc.version.lastModifiedBy)))].filter(
    (id): id is number => typeof id === 'number',
  )
  const { docs: users } = editors.length
    ? await viewer.payload.find({
        collection: 'users',
        depth: 0,
        limit: editors.length,
        pagination: false,
        select: { email: true, name: true },
        where: { id: { in: editors } },
      })
    : { docs: [] }
  const names = new Map(users.map((user) => [user.id, user.name || user.email]))
  return docs.reverse().map((doc) => {
    const editor = relationId(doc.version.lastModifiedBy)
    return {
      at: doc.updatedAt,
      bids: {
        currentBidPrice: doc.version.currentBidPrice,
        maximumBidPrice: doc.version.maximumBidPrice,
        minimumBidPrice: doc.version.minimumBidPrice,
      },
      by:
        typeof editor === 'number'
          ? (names.get(editor) ?? 'a removed user')
          : 'an API client or the service',
    }
  })
}

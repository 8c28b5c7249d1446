/**
 * The records connected to a consumer or a deal, read as the viewer (their access applies). The
 * contract links a deal to no consumer or credit app: a deal and a credit app are connected when
 * they are for the same vehicle, so a consumer's deals are the deals on their credit apps'
 * vehicles.
 */
import type { Payload, TypedUser, Where } from 'payload'

import { type Linked, recordHref } from '@/lib/adminHref'
import { relationId } from '@/lib/relationId'

import { formatMoney, vehicleTitle } from './format'
import { submissionText } from './submission'

type Viewer = { adminRoute: string; payload: Payload; user: TypedUser }

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

import { isDeepStrictEqual } from 'node:util'

import type { Payload, PayloadRequest, Where } from 'payload'

import { isRecord } from '@/lib/isRecord'

import { PRESETS_SLUG } from './slug'

type Shipped = {
  columns: string[]
  relatedCollection: string
  title: string
  /** Conditions all met, kept in the filter builder's form (`{or: [{and: […]}]}`). */
  where: Where[]
}

const SHIPPED: Shipped[] = [
  {
    columns: ['title', 'followUpDue', 'currentStatus', 'source', 'createdAt'],
    relatedCollection: 'lead',
    title: 'My leads due',
    where: [
      { assignee: { equals: '{{me}}' } },
      { followUpDue: { less_than_equal: '{{now}}' } },
      { mergedInto: { exists: false } },
    ],
  },
  {
    columns: ['title', 'assignee', 'source', 'phoneNumber', 'createdAt'],
    relatedCollection: 'lead',
    title: 'Uncontacted today',
    where: [
      { createdAt: { greater_than_equal: '{{startOfToday}}' } },
      { firstContactedAt: { exists: false } },
      { mergedInto: { exists: false } },
    ],
  },
  {
    columns: ['title', 'provider', 'providerSubmission.status', 'updatedAt'],
    relatedCollection: 'credit-app',
    title: 'Failed submissions',
    where: [{ 'providerSubmission.status': { equals: 'failed' } }],
  },
]

const storedWhere = (view: Shipped): Where => ({ or: [{ and: view.where }] })

/**
 * Creates the shipped saved views that do not exist yet (found by title and list), on every
 * start: they do not depend on the demo data or a migration, and one deleted stays deleted only
 * until the next start.
 */
export const shipSavedViews = async (payload: Payload): Promise<void> => {
  for (const view of SHIPPED) {
    const { totalDocs } = await payload.count({
      collection: PRESETS_SLUG,
      where: {
        and: [
          { title: { equals: view.title } },
          { relatedCollection: { equals: view.relatedCollection } },
        ],
      },
    })
    if (totalDocs) continue
    await payload.create({
      collection: PRESETS_SLUG,
      data: {
        access: {
          delete: { constraint: 'staffAdmins' },
          read: { constraint: 'everyone' },
          update: { constraint: 'staffAdmins' },
        },
        columns: view.columns.map((accessor) => ({ accessor, active: true })),
        isShared: true,
        relatedCollection: view.relatedCollection,
        title: view.title,
        where: storedWhere(view),
      } as never,
    })
  }
}

/** Nobody is named on it: the service made it, not a user (./dealerships.ts). */
const namesNoOne = (access: unknown): boolean =>
  !isRecord(access) ||
  Object.values(access).every(
    (group) => !isRecord(group) || !Array.isArray(group.users) || !group.users.length,
  )

const known = new WeakMap<PayloadRequest, Promise<number[]>>()

/**
 * The ids of the shipped views as the service made them: its title, list and filter (with its
 * placeholders), naming no user. They hold nothing of any dealership, so dealers read them too;
 * one a staff admin has changed is the house's own view. Read once per request.
 */
export const shippedViewIds = (req: PayloadRequest): Promise<number[]> => {
  let ids = known.get(req)
  if (!ids) {
    ids = req.payload
      .find({
        collection: PRESETS_SLUG,
        context: { savedViewsAsStored: true },
        depth: 0,
        pagination: false,
        where: { title: { in: SHIPPED.map((view) => view.title) } },
      })
      .then(({ docs }) =>
        docs
          .filter((doc) =>
            SHIPPED.some(
              (view) =>
                doc.title === view.title &&
                doc.relatedCollection === view.relatedCollection &&
                namesNoOne(doc.access) &&
                isDeepStrictEqual(doc.where, storedWhere(view)),
            ),
          )
          .map((doc) => doc.id),
      )
    known.set(req, ids)
    // A failed read is not kept: the next access check asks again.
    ids.catch(() => known.delete(req))
  }
  return ids
}

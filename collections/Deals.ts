import type { CollectionConfig, PayloadRequest } from 'payload'

import { listTransfer } from '@/admin/transfer'
import { screenDeal } from '@/compliance/sanctions/hooks'
import { prefixedId } from '@/fields/prefixedId'
import { notBelow } from '@/fields/range'
import { moneyField } from '@/fields/readableValues'
import { related, titleField, vehicleName } from '@/fields/titles'
import { isRecord } from '@/lib/isRecord'

import { ownCompanyLocations } from '../access/dealer'
import { policyAccess } from '../access/policy'

const transfer = listTransfer('deal')

/** "Deal · 2021 Ford F-150 · Sunset Motors": the dealer's company, else the facilitator. */
const dealTitle = async (deal: Record<string, unknown>, req: PayloadRequest) => {
  const vehicle = await related(req, 'vehicle', deal.vehicle)
  const location = await related(
    req,
    'location',
    isRecord(deal.dealer) ? deal.dealer.location : undefined,
  )
  const company = await related(req, 'company', location?.companyId ?? deal.facilitator)
  return ['Deal', vehicleName(vehicle), company?.name].filter(Boolean).join(' · ')
}

/** A vehicle deal between customers at a dealer location, through a facilitator. */
export const Deals: CollectionConfig = {
  slug: 'deal',
  trash: true,
  enableQueryPresets: true,
  versions: true,
  custom: {
    dealerScope: { location: 'dealer.location', rows: 'dealership' },
    readableValues: true,
    webhookEvents: { create: 'deal.created', update: 'deal.updated' },
  },
  access: policyAccess('deal'),
  admin: {
    components: { beforeListTable: [transfer.component] },
    defaultColumns: ['title', 'vehicle', 'customer', 'currentBidPrice', 'updatedAt'],
    group: 'Commerce',
    listSearchableFields: ['title', 'id'],
    useAsTitle: 'title',
  },
  disableDuplicate: true,
  endpoints: transfer.endpoints,
  hooks: { afterChange: [screenDeal] },
  fields: [
    titleField(dealTitle, ['vehicle', 'dealer', 'facilitator']),
    prefixedId('deal_'),
    {
      name: 'dealer',
      type: 'group',
      fields: [
        {
          name: 'location',
          type: 'relationship',
          admin: { description: 'The dealer location the deal is made at.' },
          filterOptions: ownCompanyLocations,
          index: true,
          relationTo: 'location',
        },
      ],
    },
    {
      name: 'vehicle',
      type: 'relationship',
      admin: { components: { Cell: '/src/admin/values/VehicleCell#VehicleCell' } },
      index: true,
      relationTo: 'vehicle',
    },
    {
      type: 'row',
      fields: [
        { name: 'customer', type: 'relationship', index: true, relationTo: 'customer' },
        {
          name: 'coBuyerOrCoSellerCustomer',
          type: 'relationship',
          admin: { description: 'A second buyer or seller on the deal, if any.' },
          label: 'Co-buyer or co-seller',
          relationTo: 'customer',
        },
      ],
    },
    {
      type: 'row',
      fields: [
        {
          name: 'facilitator',
          type: 'relationship',
          admin: { description: 'The company handling the deal; only facilitators are offered.' },
          filterOptions: { isFacilitator: { equals: true } },
          relationTo: 'company',
        },
        {
          name: 'facilitatorLocation',
          type: 'relationship',
          admin: { description: "The facilitator's location handling this deal." },
          filterOptions: ({ siblingData }) => {
            const facilitator = isRecord(siblingData) ? siblingData.facilitator : undefined
            return facilitator ? { companyId: { equals: facilitator } } : true
          },
          relationTo: 'location',
        },
      ],
    },
    {
      type: 'row',
      fields: [
        moneyField('minimumBidPrice', 'Lowest acceptable bid, in US dollars.'),
        moneyField('currentBidPrice', 'The bid standing now, in US dollars.'),
        moneyField(
          'maximumBidPrice',
          'Highest bid accepted, in US dollars; not below the minimum.',
          notBelow('minimumBidPrice'),
        ),
      ],
    },
    {
      name: 'connected',
      type: 'ui',
      admin: {
        components: { Field: '/src/admin/values/DealRecords#DealRecords' },
        disableListColumn: true,
      },
      label: 'Vehicle, credit apps and bid history',
    },
  ],
  labels: { plural: 'Deals', singular: 'Deal' },
}

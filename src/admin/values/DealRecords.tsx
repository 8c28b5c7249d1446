/**
 * On a deal's page: its vehicle by year, make, model and trim, the credit apps on that vehicle,
 * and the bid history from the deal's saved versions (src/admin/values/connected.ts).
 */
import type { UIFieldServerComponent } from 'payload'
import React from 'react'

import { Moment } from './cells'
import { dealRecords } from './connected'
import { bidChanges, formatMoney } from './format'
import { RecordList } from './RecordList'

const cellStyle: React.CSSProperties = { padding: '0.25rem 0.75rem 0.25rem 0', textAlign: 'left' }

export const DealRecords: UIFieldServerComponent = async ({ data, id, payload, user }) => {
  if (!id || !user) return null
  const records = await dealRecords(
    { adminRoute: payload.config.routes.admin, payload, user },
    String(id),
    data?.vehicle,
  )
  const bids = bidChanges(records.bids).reverse()
  return (
    <div className="connected-records">
      <section aria-label="Vehicle" style={{ marginBottom: '1.5rem' }}>
        <h4 style={{ marginBottom: '0.5rem' }}>Vehicle</h4>
        {records.vehicle ? (
          <a data-deal-vehicle href={records.vehicle.href}>
            {records.vehicle.title || records.vehicle.id}
          </a>
        ) : (
          <p>No vehicle.</p>
        )}
      </section>
      <RecordList
        empty="No credit app for this vehicle."
        items={records.creditApps}
        title="Credit apps"
      />
      <section aria-label="Bid history" style={{ marginBottom: '1.5rem' }}>
        <h4 style={{ marginBottom: '0.5rem' }}>Bid history</h4>
        {bids.length === 0 ? (
          <p>No saved versions.</p>
        ) : (
          <table style={{ borderCollapse: 'collapse' }}>
            <thead>
              <tr>
                {['When', 'Minimum', 'Current', 'Maximum', 'By'].map((head) => (
                  <th key={head} style={cellStyle}>
                    {head}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {bids.map((bid) => (
                <tr key={bid.at}>
                  <td style={cellStyle}>
                    <Moment value={bid.at} />
                  </td>
                  <td style={cellStyle}>{formatMoney(bid.minimumBidPrice) || '—'}</td>
                  <td style={cellStyle}>{formatMoney(bid.currentBidPrice) || '—'}</td>
                  <td style={cellStyle}>{formatMoney(bid.maximumBidPrice) || '—'}</td>
                  <td style={cellStyle}>{bid.by}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  )
}

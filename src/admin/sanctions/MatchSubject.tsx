/**
 * A sanctions match's subject named as the admin UI names records: "Deal · 2021 Ford F-150 ·
 * Sunset Motors", "Credit app · María González — 2022 Toyota Camry", linked to its page, instead
 * of "Subject ID deal_demo_camry". The list cell and the match's page read the subject's stored
 * title (src/fields/titles.ts); the page reads it as the viewer, who may not read every subject.
 */
import type {
  DefaultServerCellComponentProps,
  Payload,
  PayloadRequest,
  TextFieldServerComponent,
} from 'payload'
import React from 'react'

import { isRecord } from '@/lib/isRecord'

const KINDS = { 'credit-app': 'Credit app', deal: 'Deal' } as const
type Kind = keyof typeof KINDS

const isKind = (value: unknown): value is Kind => typeof value === 'string' && value in KINDS

/** The subject's title, or undefined when it is gone or not the viewer's to read (with `req`). */
const titleOf = async (payload: Payload, kind: Kind, id: string, req?: PayloadRequest) => {
  const doc = await payload
    .findByID({
      collection: kind,
      depth: 0,
      disableErrors: true,
      id,
      ...(req && { overrideAccess: false, req }),
      select: { title: true },
    })
    .catch(() => null)
  return isRecord(doc) && typeof doc.title === 'string' && doc.title ? doc.title : undefined
}

const Subject = async ({
  id,
  kind,
  payload,
  req,
}: {
  id: unknown
  kind: unknown
  payload: Payload
  req?: PayloadRequest
}) => {
  if (!isKind(kind) || typeof id !== 'string' || !id) return null
  const title = await titleOf(payload, kind, id, req)
  const href = `${payload.config.routes.admin}/collections/${kind}/${encodeURIComponent(id)}`
  const text = title ? `${KINDS[kind]} · ${title.replace(/^Deal · /, '')}` : `${KINDS[kind]} ${id}`
  return (
    <a href={href} title={id}>
      {text}
    </a>
  )
}

export const SubjectCell = ({ payload, rowData }: DefaultServerCellComponentProps) => (
  <Subject id={rowData?.subjectId} kind={rowData?.subjectCollection} payload={payload} />
)

export const SubjectField: TextFieldServerComponent = ({ data, payload, req, siblingData }) => {
  const doc = siblingData ?? data
  return (
    <div className="field-type sanctions-match-subject" id="field-subjectId">
      <span className="field-label" style={{ display: 'block' }}>
        Subject
      </span>
      <div>
        <Subject id={doc?.subjectId} kind={doc?.subjectCollection} payload={payload} req={req} />
      </div>
    </div>
  )
}

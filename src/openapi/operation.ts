import type { Obj } from './responses'

export type OperationName = {
  description?: string
  operationId: string
  summary: string
  tag: string
}

/** An operation object: its id, then its parameters, body and answers, then its texts and tag. */
export const operation = (
  { description, operationId, summary, tag }: OperationName,
  details: Obj,
) => ({
  operationId,
  ...details,
  description: description ?? summary,
  summary,
  tags: [tag],
})

/**
 * The names of operations under one tag:
 * `credit('getCreditApp', '2. Get a credit app', 'What it does, at length.')`.
 */
export const tagged =
  (tag: string) =>
  (operationId: string, summary: string, description?: string): OperationName => ({
    description,
    operationId,
    summary,
    tag,
  })

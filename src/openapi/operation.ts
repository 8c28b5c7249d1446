import type { Obj } from './responses'

export type OperationName = { operationId: string; summary: string; tag: string }

/** An operation object: its id, then its parameters, body and answers, then summary and tag. */
export const operation = ({ operationId, summary, tag }: OperationName, details: Obj) => ({
  operationId,
  ...details,
  summary,
  tags: [tag],
})

/** The names of operations under one tag: `credit('getCreditApp', '2. Get a credit app')`. */
export const tagged =
  (tag: string) =>
  (operationId: string, summary: string): OperationName => ({ operationId, summary, tag })

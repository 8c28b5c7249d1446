/** The cache of built statements: one per read shape and set of access answers, kept per Payload instance. */
import { createHash } from 'node:crypto'

import type { Payload, PayloadRequest } from 'payload'

import type { Decision, Walk } from './statement'

/** One built statement and the access answers it holds for; a list's keeps its unfiltered pages' statements by sort. */
export type Variant = {
  decisions: Decision[]
  name: string
  pages?: Map<string, { name: string; text: string }>
  text: string
  walk?: Walk
}

const variants = new WeakMap<Payload, Map<string, Variant[]>>()

/** A prepared statement's name: the same text, the same name, on every connection. */
export const nameOf = (text: string) =>
  `r_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`

/** The statement for `key`, built for this caller's access answers or reused from a caller with the same. */
export const variantOf = (
  req: PayloadRequest,
  key: string,
  build: (decisions: Decision[]) => Omit<Variant, 'decisions' | 'name'>,
): Variant => {
  let byKey = variants.get(req.payload)
  if (!byKey) variants.set(req.payload, (byKey = new Map()))
  const known = byKey.get(key) ?? []
  const hit = known.find(({ decisions }) =>
    decisions.every(({ answer, ask }) => ask(req) === answer),
  )
  if (hit) return hit
  const decisions: Decision[] = []
  const built = build(decisions)
  const variant = { decisions, name: nameOf(built.text), ...built }
  byKey.set(key, [...known, variant])
  return variant
}

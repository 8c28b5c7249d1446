import type { Request, Response } from 'express'

import { envelopeOf } from '@/commerce/paths'
import {
  errorBody,
  type Problem,
  refusalAnswer,
  RETRY_AFTER_SECONDS,
  SERVICE_UNAVAILABLE,
} from '@/errors'

/** The request's path under /api (`/deals/deal_1`), wherever the middleware asking is mounted. */
export const apiPathOf = (req: Request): string => {
  const full = req.baseUrl + req.path
  return full.startsWith('/api/') ? full.slice('/api'.length) : full
}

/** 503 with Retry-After, when whether a caller may pass cannot be known while the database is away. */
export const answerUnavailable = (req: Request, res: Response): void => {
  res.set({ Connection: 'close', 'Retry-After': String(RETRY_AFTER_SECONDS) })
  refuse(req, res, 503, SERVICE_UNAVAILABLE)
}

/** Answers `status` in the envelope of the path called, naming the problem when there is one. */
export const refuse = (
  req: Request,
  res: Response,
  status: number,
  message: string,
  problem?: Problem,
): void => {
  const envelope = envelopeOf(apiPathOf(req))
  res.status(status).json(errorBody(envelope, refusalAnswer(envelope, status, message, problem)))
}

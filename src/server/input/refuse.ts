import type { Request, Response } from 'express'

import { apiErrorBody, type Problem } from '../../commerce/paths'

/** The request's path under /api (`/deals/deal_1`), wherever the middleware asking is mounted. */
export const apiPathOf = (req: Request): string => {
  const full = req.baseUrl + req.path
  return full.startsWith('/api/') ? full.slice('/api'.length) : full
}

/** Answers `status` in the envelope of the path called, naming the problem when there is one. */
export const refuse = (
  req: Request,
  res: Response,
  status: number,
  message: string,
  problem?: Problem,
): void => {
  res.status(status).json(apiErrorBody(apiPathOf(req), status, message, problem))
}

import { type PayloadRequest, ValidationError } from 'payload'

/** A consumer request refused, 400 naming the field at `path`. */
export const invalidRequest = (req: PayloadRequest, path: string, message: string): never => {
  throw new ValidationError({ collection: 'consumer-requests', errors: [{ message, path }] }, req.t)
}

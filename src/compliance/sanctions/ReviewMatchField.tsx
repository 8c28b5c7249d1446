/**
 * The review of a match (./ReviewMatch.tsx), offered to whoever may review one (its endpoint's
 * entry in the policy): a dealer reads its company's matches only.
 */
import type { UIFieldServerComponent } from 'payload'
import React from 'react'

import { mayCall } from '../../../access/policy'
import { ReviewMatch } from './ReviewMatch'

export const ReviewMatchField: UIFieldServerComponent = ({ req }) =>
  mayCall(req.user, 'sanctions-match POST /:id/review') ? <ReviewMatch /> : null

/**
 * The review of a match (src/compliance/sanctions/ReviewMatch.tsx), offered to whoever may review
 * one (its endpoint's entry in the policy): a dealer reads its company's matches only.
 */
import type { UIFieldServerComponent } from 'payload'
import React from 'react'

import { ReviewMatch } from '@/compliance/sanctions/ReviewMatch'

import { mayCall } from '../../../access/policy'

export const ReviewMatchField: UIFieldServerComponent = ({ req }) =>
  mayCall(req.user, 'sanctions-match POST /:id/review') ? <ReviewMatch /> : null

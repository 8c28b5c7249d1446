import type { Endpoint } from 'payload'
import { NotFound } from 'payload'

import { createConsumer } from '@/flows/consumerCreate'
import { createCreditApp } from '@/flows/creditAppCreate'

import { dealAnswer } from './endpoints/deals'
import { listCompanies, listWebEvents } from './endpoints/lists'
import { createRecord, getRecord, updateRecord } from './endpoints/records'

/** Endpoints 1–10 of the contract, mounted under /api. */
export const commerceEndpoints: Endpoint[] = [
  createRecord({
    collection: 'credit-app',
    compiled: createCreditApp,
    path: '/creditapps',
    required: ['preApproval', 'consumer', 'vehicle'],
  }),
  getRecord({
    collection: 'credit-app',
    notFound: 'Credit App Not Found',
    path: '/creditapps/:id',
  }),
  updateRecord({
    collection: 'credit-report',
    notFound: 'Credit Report Not Found',
    path: '/creditreports/:id',
  }),
  createRecord({
    collection: 'consumer',
    compiled: createConsumer,
    path: '/consumers',
    required: ['firstName', 'lastName', 'birthDate', 'phoneNumber'],
  }),
  updateRecord({ collection: 'contact', notFound: 'Contact Not Found', path: '/contacts/:id' }),
  listWebEvents,
  listCompanies,
  getRecord({
    collection: 'deal',
    notFound: 'Deal Not Found',
    path: '/deals/:id',
    shape: dealAnswer,
  }),
  getRecord({
    collection: 'company',
    notFound: 'Facilitator Not Found',
    path: '/facilitators/:id',
    // A facilitator is a company marked as one; any other company is "not found" here.
    shape: (company, req) => {
      if (!company.isFacilitator) throw new NotFound(req.t)
      return company
    },
  }),
  getRecord({ collection: 'customer', notFound: 'Customer Not Found', path: '/customers/:id' }),
]

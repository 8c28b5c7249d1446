import type { Endpoint } from 'payload'

import { createConsumer } from './endpoints/consumers'
import { updateContact } from './endpoints/contacts'
import { createCreditApp, getCreditApp } from './endpoints/creditApps'
import { updateCreditReport } from './endpoints/creditReports'
import { getCustomer } from './endpoints/customers'
import { getDeal } from './endpoints/deals'
import { getFacilitator } from './endpoints/facilitators'
import { listCompanies, listWebEvents } from './endpoints/lists'

/** Endpoints 1–10 of the contract, mounted under /api. */
export const commerceEndpoints: Endpoint[] = [
  createCreditApp,
  getCreditApp,
  updateCreditReport,
  createConsumer,
  updateContact,
  listWebEvents,
  listCompanies,
  getDeal,
  getFacilitator,
  getCustomer,
]


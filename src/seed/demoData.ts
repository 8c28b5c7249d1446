/**
 * The demo data set: a small but coherent picture of the retail flow. Commerce records carry
 * fixed `…_demo_…` ids so the seed can tell what it already loaded. The SSNs are from the range
 * the Social Security Administration reserves for advertising (987-65-4320 … 987-65-4329) and the
 * VINs carry valid check digits but describe no real car.
 */
import type { RequiredDataFromCollectionSlug } from 'payload'

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()

export const states = [
  { code: 'CA', name: 'California' },
  { code: 'TX', name: 'Texas' },
  { code: 'NY', name: 'New York' },
  { code: 'FL', name: 'Florida' },
  { code: 'IL', name: 'Illinois' },
]

export const addresses = [
  {
    city: { name: 'Los Angeles', state: 'CA' },
    id: 'adr_demo_maria',
    line1: '1458 Sunset Blvd',
    line2: 'Apt 3',
    zip: '90026',
  },
  {
    city: { name: 'Austin', state: 'TX' },
    id: 'adr_demo_james',
    line1: '2201 E Cesar Chavez St',
    zip: '78702',
  },
  {
    city: { name: 'Brooklyn', state: 'NY' },
    id: 'adr_demo_chen',
    line1: '88 Atlantic Ave',
    zip: '11201-5504',
  },
]

export const creditBands = [
  {
    id: 'crb_demo_superprime',
    isPrime: true,
    maximumCreditScore: 850,
    minimumCreditScore: 781,
    name: 'Super prime',
  },
  {
    id: 'crb_demo_prime',
    isPrime: true,
    maximumCreditScore: 780,
    minimumCreditScore: 661,
    name: 'Prime',
  },
  {
    id: 'crb_demo_nearprime',
    maximumCreditScore: 660,
    minimumCreditScore: 601,
    name: 'Near prime',
  },
  { id: 'crb_demo_subprime', maximumCreditScore: 600, minimumCreditScore: 300, name: 'Subprime' },
  { id: 'crb_demo_unknown', isNS: true, isUnknown: true, name: 'No score' },
]

export const consumers = [
  {
    addresses: ['adr_demo_maria'],
    birthDate: '1988-04-17',
    email: 'maria.gonzalez@example.com',
    firstName: 'María',
    id: 'con_demo_maria',
    lastName: 'González',
    phoneNumber: '(213) 555-0147',
    phoneNumbers: ['(213) 555-0147', '+1 323-555-0199'],
    ssn: '987-65-4321',
  },
  {
    addresses: ['adr_demo_james'],
    birthDate: '1979-11-02',
    email: 'james.carter@example.com',
    firstName: 'James',
    id: 'con_demo_james',
    lastName: 'Carter',
    phoneNumber: '512-555-0112',
    ssn: '987-65-4322',
  },
  {
    addresses: ['adr_demo_chen'],
    birthDate: '1995-02-28',
    email: '陈伟@例子.广告',
    firstName: 'Wei',
    id: 'con_demo_chen',
    lastName: 'Chen',
    phoneNumber: '+1 (718) 555-0175',
  },
]

export const vehicleSpecs = [
  {
    bodyStyle: 'Sedan',
    drivetrain: 'FWD',
    engine: '2.5L I4',
    exteriorColors: ['Midnight Black Metallic', 'Ice Cap', 'Celestial Silver Metallic'],
    id: 'vs_demo_camry_2022',
    interiorColors: ['Black', 'Ash'],
    make: 'Toyota',
    model: 'Camry',
    squishVin: '4T1B11HKNU',
    transmission: '8-speed automatic',
    trim: 'LE',
    year: 2022,
  },
  {
    bodyStyle: 'Pickup',
    drivetrain: '4WD',
    engine: '3.5L V6 EcoBoost',
    exteriorColors: ['Oxford White', 'Antimatter Blue'],
    id: 'vs_demo_f150_2021',
    interiorColors: ['Medium Dark Slate'],
    make: 'Ford',
    model: 'F-150',
    squishVin: '1FTFW1E5MF',
    transmission: '10-speed automatic',
    trim: 'XLT',
    year: 2021,
  },
]

export const vehicles = [
  {
    bodyStyle: 'Sedan',
    doorCount: 4,
    drivetrain: 'FWD',
    engine: '2.5L I4',
    exteriorColor: 'Celestial Silver Metallic',
    interiorColor: 'Black',
    make: 'Toyota',
    model: 'Camry',
    seatCount: 5,
    spec: 'vs_demo_camry_2022',
    transmission: '8-speed automatic',
    trim: 'LE',
    vin: '4T1B11HK7NU000123',
    year: 2022,
  },
  {
    bodyStyle: 'Pickup',
    doorCount: 4,
    drivetrain: '4WD',
    engine: '3.5L V6 EcoBoost',
    exteriorColor: 'Antimatter Blue',
    interiorColor: 'Medium Dark Slate',
    make: 'Ford',
    model: 'F-150',
    seatCount: 6,
    spec: 'vs_demo_f150_2021',
    transmission: '10-speed automatic',
    trim: 'XLT',
    vin: '1FTFW1E50MFA00456',
    year: 2021,
  },
  {
    bodyStyle: 'Sedan',
    doorCount: 4,
    drivetrain: 'RWD',
    engine: 'Electric',
    exteriorColor: 'Pearl White',
    interiorColor: 'Black',
    make: 'Tesla',
    model: 'Model 3',
    seatCount: 5,
    transmission: '1-speed direct drive',
    trim: 'Standard Range Plus',
    vin: '5YJ3E1EA0PF000789',
    year: 2023,
  },
  {
    bodyStyle: 'SUV',
    doorCount: 4,
    drivetrain: 'AWD',
    engine: '2.5L I4',
    exteriorColor: 'Lunar Rock',
    interiorColor: 'Black',
    make: 'Toyota',
    model: 'RAV4',
    seatCount: 5,
    transmission: '8-speed automatic',
    trim: 'XLE',
    vin: 'JTMRWRFV4LD000321',
    year: 2020,
  },
]

export const preApprovals = [
  {
    consumer: 'con_demo_maria',
    creditBand: 'crb_demo_prime',
    id: 'pre_demo_maria',
    validUntilTime: inDays(30),
  },
  {
    consumer: 'con_demo_james',
    creditBand: 'crb_demo_nearprime',
    id: 'pre_demo_james',
    validUntilTime: inDays(14),
  },
]

export const creditReports = [
  {
    creditBand: 'crb_demo_prime',
    creditScore: 742,
    id: 'crp_demo_maria',
    preApproval: 'pre_demo_maria',
    time: inDays(-1),
  },
  {
    creditBand: 'crb_demo_nearprime',
    creditScore: 634,
    id: 'crp_demo_james',
    preApproval: 'pre_demo_james',
    time: inDays(-2),
  },
]

export const creditApps = [
  {
    birthDate: '1988-04-17',
    consumer: 'con_demo_maria',
    email: 'maria.gonzalez@example.com',
    firstName: 'María',
    id: 'crapp_demo_maria',
    lastName: 'González',
    phoneNumber: '(213) 555-0147',
    preApproval: 'pre_demo_maria',
    provider: 'provider_a',
    ssn: '987-65-4321',
    toProvider: false,
    vehicle: '4T1B11HK7NU000123',
  },
  {
    birthDate: '1979-11-02',
    coApplicantBirthDate: '1981-06-09',
    coApplicantEmail: 'dana.carter@example.com',
    coApplicantFirstName: 'Dana',
    coApplicantLastName: 'Carter',
    coApplicantPhoneNumber: '512-555-0190',
    coApplicantSSN: '987-65-4323',
    consumer: 'con_demo_james',
    firstName: 'James',
    id: 'crapp_demo_james',
    lastName: 'Carter',
    phoneNumber: '512-555-0112',
    preApproval: 'pre_demo_james',
    provider: 'provider_b',
    ssn: '987-65-4322',
    toProvider: false,
    vehicle: '1FTFW1E50MFA00456',
  },
]

export const companies = [
  {
    address: '1600 Sunset Blvd, Los Angeles, CA 90026',
    id: 'com_demo_sunset',
    name: 'Sunset Motors',
  },
  {
    address: '500 Congress Ave, Austin, TX 78701',
    id: 'com_demo_lane',
    isFacilitator: true,
    name: 'Lane Auto Auctions',
  },
]

export const locations = [
  {
    city: { name: 'Los Angeles', state: 'CA' },
    companyId: 'com_demo_sunset',
    // Its lead desk: the demo staff user joins the rota when the data is loaded (src/seed).
    desk: {
      hours: {
        friday: '09:00-19:00',
        monday: '09:00-19:00',
        saturday: '09:00-17:00',
        thursday: '09:00-19:00',
        tuesday: '09:00-19:00',
        wednesday: '09:00-19:00',
      },
      managerEmail: 'manager@sunsetmotors.example',
      timeZone: 'America/Los_Angeles',
    },
    id: 'loc_demo_sunset_la',
    latitude: 34.0781,
    line1: '1600 Sunset Blvd',
    longitude: -118.2606,
    phone: '(213) 555-0100',
    zip: '90026',
  },
  {
    city: { name: 'Austin', state: 'TX' },
    companyId: 'com_demo_lane',
    id: 'loc_demo_lane_austin',
    latitude: 30.2672,
    line1: '500 Congress Ave',
    line2: 'Suite 200',
    longitude: -97.7431,
    phone: '512-555-0150',
    zip: '78701',
  },
]

export const contacts = [
  {
    email: 'r.okafor@sunsetmotors.example',
    firstName: 'Rachel',
    id: 'cnt_demo_rachel',
    isAutomatedAgent: false,
    lastName: 'Okafor',
    phoneNumber: '213-555-0121',
    primaryEmail: 'r.okafor@sunsetmotors.example',
    primaryPhoneNumber: '(213) 555-0121',
    roles: ['sales', 'finance'],
  },
  {
    firstName: 'Lane',
    id: 'cnt_demo_assistant',
    isAutomatedAgent: true,
    lastName: 'Assistant',
    primaryEmail: 'assistant@lane.example',
    roles: ['scheduling'],
  },
]

export const customers = [
  {
    addresses: ['adr_demo_maria'],
    id: 'cus_demo_maria',
    name: 'María González',
    phoneNumbers: ['(213) 555-0147'],
  },
  {
    addresses: ['adr_demo_james'],
    id: 'cus_demo_james',
    name: 'James Carter',
    phoneNumbers: ['512-555-0112'],
  },
]

export const deals = [
  {
    coBuyerOrCoSellerCustomer: 'cus_demo_james',
    currentBidPrice: 23750,
    customer: 'cus_demo_maria',
    dealer: { location: 'loc_demo_sunset_la' },
    facilitator: 'com_demo_lane',
    facilitatorLocation: 'loc_demo_lane_austin',
    id: 'deal_demo_camry',
    maximumBidPrice: 25500,
    minimumBidPrice: 22000,
    vehicle: '4T1B11HK7NU000123',
  },
]

const MINUTE = 60_000

/** The leads, their follow-ups due relative to `now` (one overdue, so the desk has work). */
export const leads = (now: number) => [
  {
    email: 'maria.gonzalez@example.com',
    firstName: 'María',
    followUpDue: new Date(now - 15 * MINUTE).toISOString(),
    lastName: 'González',
    consumer: 'con_demo_maria',
    location: 'loc_demo_sunset_la',
    phoneNumber: '(213) 555-0147',
    source: 'website',
  },
  {
    email: 'james.carter@example.com',
    firstName: 'James',
    followUpDue: new Date(now + 20 * 60 * MINUTE).toISOString(),
    lastName: 'Carter',
    consumer: 'con_demo_james',
    location: 'loc_demo_sunset_la',
    phoneNumber: '512-555-0112',
    source: 'phone',
  },
  {
    // The same person again, from another channel: her leads show each other.
    email: 'm.gonzalez@work.example',
    firstName: 'María',
    lastName: 'González',
    consumer: 'con_demo_maria',
    location: 'loc_demo_sunset_la',
    phoneNumber: '(213) 555-0147',
    source: 'chat',
  },
  {
    // Nobody has called yet: escalated once LEAD_CONTACT_MINUTES of business time pass.
    email: 'priya.shah@example.com',
    firstName: 'Priya',
    lastName: 'Shah',
    location: 'loc_demo_sunset_la',
    phoneNumber: '(213) 555-0188',
    source: 'website',
  },
]

export const vins = ['4T1B11HK7NU000123', 'JTMRWRFV4LD000321', '5YJ3E1EA0PF000789']

/** The leads' history; leads have numeric ids, known once they are stored. */
export const leadEvents = (
  maria: number,
  james: number,
): RequiredDataFromCollectionSlug<'leadEvents'>[] => [
  {
    lead: maria,
    nextSteps: 'Send three matching vehicles by e-mail.',
    status: 'Intake Form Submitted',
    type: 'Lead Created',
  },
  {
    lead: maria,
    nextSteps: 'Follow up on the Camry LE.',
    status: 'Customer Provided Options',
    type: 'Outbound Email',
  },
  {
    currentStatusFor: maria,
    lead: maria,
    nextSteps: 'Book a test drive for Saturday.',
    status: 'Had Conversation',
    type: 'Customer Answered',
  },
  {
    currentStatusFor: james,
    lead: james,
    nextSteps: 'Try again tomorrow morning.',
    status: 'First Communication Attempt (phone and text)',
    type: 'Outbound Phone Call Not Answered',
  },
]

/** The web account of a lead (the contract types its `lead` as a string). */
export const account = (maria: number) => ({
  anonymousIds: ['anon-7f3c9a', 'anon-b41e02'],
  consumer: 'con_demo_maria',
  id: 'acc_demo_maria',
  lead: String(maria),
})

export const webEvents = [
  { account: 'acc_demo_maria', anonymousId: 'anon-7f3c9a', id: 'wev_demo_1', name: 'vdp_viewed' },
  {
    account: 'acc_demo_maria',
    anonymousId: 'anon-7f3c9a',
    id: 'wev_demo_2',
    name: 'prequal_started',
  },
  {
    account: 'acc_demo_maria',
    anonymousId: 'anon-b41e02',
    id: 'wev_demo_3',
    name: 'credit_app_submitted',
  },
]

/** Error records have numeric ids: the seed knows them by `digest`. */
export const errorRecords = [
  {
    digest: 'demo-1',
    message: "TypeError: Cannot read properties of undefined (reading 'price')",
    source: 'storefront',
    url: 'https://shop.example.com/vehicles/4T1B11HK7NU000123',
  },
]

/** The dealer's inventory: what the listing and TCO lookups answer from. */
export const listings = [
  {
    baseInvoice: 24150,
    combinedMpg: 32,
    cpo: true,
    exteriorColors: [{ hex: '#C5C8CA', name: 'Celestial Silver Metallic' }],
    historyReportUrl: 'https://history.example.com/report/4T1B11HK7NU000123',
    interiorColors: [{ hex: '#1C1C1C', name: 'Black' }],
    miles: 18450,
    options: [
      { code: 'CF', description: 'Carpet floor mats' },
      { code: 'PK', description: 'Convenience package' },
    ],
    optionsMsrp: 1240,
    photos: [{ url: 'https://photos.example.com/4T1B11HK7NU000123/front.jpg' }],
    price: 24995,
    seats: 5,
    specs: [
      { available: true, category: 'Safety', feature: 'Lane departure alert' },
      { available: true, category: 'Comfort', feature: 'Dual-zone climate control' },
      { category: 'Entertainment', feature: 'Display', value: '7-inch touchscreen' },
    ],
    used: true,
    vin: '4T1B11HK7NU000123',
  },
]

/** The disclosure shown for each kind of consent (docs/compliance.md, section 1). */
export const disclosures = [
  {
    kind: 'credit-report-authorization',
    text: 'By submitting this application I authorize the dealership and the lenders it sends my application to to obtain my consumer credit report, and my co-applicant authorizes the same for theirs.',
    version: '2026-11',
  },
  {
    kind: 'calls-and-texts',
    text: 'I agree that the dealership may call and text me at the number I gave, including by automated means, about my vehicle inquiry. Consent is not a condition of purchase. Reply STOP to stop.',
    version: '2026-11',
  },
  {
    kind: 'e-mail-marketing',
    text: 'I agree to receive offers by e-mail from the dealership. I can unsubscribe at any time.',
    version: '2026-11',
  },
  {
    kind: 'electronic-records',
    text: 'I agree to receive disclosures and notices about my application electronically.',
    version: '2026-11',
  },
] as const

/** María authorized her credit report on the web form; James has not yet (his app would wait). */
export const consents = (disclosure: number) => [
  {
    action: 'grant' as const,
    consumer: 'con_demo_maria',
    creditApp: 'crapp_demo_maria',
    disclosure,
    kind: 'credit-report-authorization' as const,
    method: 'web-form' as const,
    role: 'applicant' as const,
  },
]

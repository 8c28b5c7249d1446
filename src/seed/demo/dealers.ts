/** The demo dealer side: companies, their locations (one with a lead desk), contacts, customers and a deal. */

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

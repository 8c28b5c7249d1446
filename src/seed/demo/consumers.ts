/** Demo consumers and where they live: states, addresses, consumers. The SSNs are from the range the Social Security Administration reserves for advertising (987-65-4320 … 987-65-4329). */

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

/** Demo credit records: credit bands, pre-approvals, credit reports and credit apps (SSNs from the advertising range, as ./consumers.ts). */

/** An ISO time `days` from now (negative: ago): pre-approvals stay valid whenever the seed runs. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()

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

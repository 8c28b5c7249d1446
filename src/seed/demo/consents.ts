/** Demo disclosures and the consents captured with them. */

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

/**
 * Labels as people write them. Payload labels a field by its name's words ("Msrp", "Vin",
 * "Line1", "Co Applicant Consumer", "Subject Id") and the service labelled options by their
 * values' words ("Api", "Co applicant"): one rule spells both, with the terms of the trade in
 * capitals (MSRP, VIN, ZIP, ID, API…), numbers apart ("Line 1") and "Co-applicant" hyphenated.
 * plugins/commerce gives every field without a label of its own the label this rule makes.
 */
import type { CollectionConfig, Field } from 'payload'
import { toWords } from 'payload/shared'

/** Words written in capitals, or their own way, as Payload's words for a name spell them. */
const TERMS: Record<string, string> = {
  Adf: 'ADF',
  Api: 'API',
  Csv: 'CSV',
  Dnc: 'DNC',
  Id: 'ID',
  Ids: 'IDs',
  Mfa: 'MFA',
  Msrp: 'MSRP',
  Ofac: 'OFAC',
  Sdn: 'SDN',
  Ssn: 'SSN',
  Tco: 'TCO',
  Url: 'URL',
  Vdp: 'VDP',
  Vin: 'VIN',
  Vins: 'VINs',
  Zip: 'ZIP',
}

/** Words as people write them: terms in capitals, "Line1" as "Line 1", "Co-applicant". */
const spelled = (words: string): string =>
  words
    .split(' ')
    .map((word) => TERMS[word] ?? word.replace(/^([A-Za-z]+)(\d+)$/, '$1 $2'))
    .join(' ')
    .replace(/\bCo [aA]pplicant\b/g, 'Co-applicant')

/** A field's label from its name: `coApplicantFirstName` → "Co-applicant First Name". */
export const fieldLabel = (name: string): string => spelled(toWords(name))

/** An option's label from its value: `co-applicant` → "Co-applicant", `api` → "API", `web-form` → "Web form". */
export const optionLabel = (value: string): string =>
  spelled(value[0].toUpperCase() + value.slice(1).replace(/-/g, ' '))

const labelled = (field: Field): Field => {
  const withLabel =
    'name' in field && field.name && !('label' in field && field.label !== undefined)
      ? fieldLabel(field.name) === toWords(field.name)
        ? field
        : { ...field, label: fieldLabel(field.name) }
      : field
  switch (withLabel.type) {
    case 'array':
    case 'collapsible':
    case 'group':
    case 'row':
      return { ...withLabel, fields: withLabel.fields.map(labelled) }
    case 'tabs':
      return {
        ...withLabel,
        tabs: withLabel.tabs.map((tab) => ({ ...tab, fields: tab.fields.map(labelled) })),
      }
    default:
      return withLabel
  }
}

/** The collection with each field that has no label of its own labelled by `fieldLabel`. */
export const withFieldLabels = (collection: CollectionConfig): CollectionConfig => ({
  ...collection,
  fields: collection.fields.map(labelled),
})

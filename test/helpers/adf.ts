/**
 * ADF 1.0 documents for tests, the benchmark and the fuzz tool: one prospect per person, every
 * element the intake keeps, plus one it does not know (kept in the stored original only).
 */
export type SampleProspect = {
  email?: string
  extra?: string
  firstName?: string
  interest?: string
  lastName?: string
  phone?: string
  vendorId?: string
  vendorName?: string
  vin?: string
  year?: string
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export const sampleProspect = ({
  email = 'jane.doe@example.com',
  extra = '',
  firstName = 'Jane',
  interest = 'buy',
  lastName = 'Doe',
  phone = '(555) 201-3344',
  vendorId,
  vendorName = 'Sunset Motors',
  vin = '1HGCV1F34LA012345',
  year = '2020',
}: SampleProspect = {}): string => `  <prospect status="new">
    <id sequence="1" source="ExampleLeads">EL-${escape(lastName)}-1</id>
    <requestdate>2026-11-26T15:30:20-08:00</requestdate>
    <vehicle interest="${escape(interest)}" status="used">
      <year>${escape(year)}</year>
      <make>Honda</make>
      <model>Accord</model>
      <vin>${escape(vin)}</vin>
      <stock>A1234</stock>
      <trim>EX-L</trim>
      <odometer status="original" units="miles">31250</odometer>
      <colorcombination><exteriorcolor>Blue</exteriorcolor></colorcombination>
      <price type="asking" currency="USD">24,995.00</price>
      <finance>
        <method>finance</method>
        <amount type="downpayment" limit="maximum" currency="USD">3000</amount>
        <amount type="monthly" limit="maximum" currency="USD">450</amount>
      </finance>
      <comments>Is it still available?</comments>
    </vehicle>
    <vehicle interest="trade-in" status="used">
      <year>2012</year>
      <make>Toyota</make>
      <model>Camry</model>
      <odometer units="miles">128000</odometer>
    </vehicle>
    <customer>
      <contact primarycontact="1">
        <name part="first" type="individual">${escape(firstName)}</name>
        <name part="middle">Q</name>
        <name part="last" type="individual">${escape(lastName)}</name>
        <email preferredcontact="1">${escape(email)}</email>
        <phone type="cellphone" time="evening" preferredcontact="1">${escape(phone)}</phone>
        <phone type="voice" time="day">555.201.9000</phone>
        <address type="home">
          <street line="1">1458 Sunset Blvd</street>
          <apartment>Apt 4</apartment>
          <city>Los Angeles</city>
          <regioncode>CA</regioncode>
          <postalcode>90026</postalcode>
          <country>US</country>
        </address>
      </contact>
      <timeframe>
        <description>Within a week</description>
        <earliestdate>2026-11-28</earliestdate>
        <latestdate>2026-12-05</latestdate>
      </timeframe>
      <comments>Evenings are best.</comments>
    </customer>
    <vendor>
      ${vendorId ? `<id source="commerce">${escape(vendorId)}</id>` : ''}
      <vendorname>${escape(vendorName)}</vendorname>
      <contact><name part="full">Sales desk</name></contact>
    </vendor>
    <provider>
      <id source="ExampleLeads">EL</id>
      <name part="full">Example Leads</name>
      <service>New and used car leads</service>
      <url>https://leads.example.com</url>
      <email>support@leads.example.com</email>
      <phone>555-010-0000</phone>
    </provider>
    ${extra}
  </prospect>`

/** A whole document of these prospects. */
export const sampleAdf = (prospects: (SampleProspect | string)[] = [{}]): string =>
  `<?xml version="1.0" encoding="UTF-8"?>
<?ADF VERSION="1.0"?>
<adf>
${prospects.map((p) => (typeof p === 'string' ? p : sampleProspect(p))).join('\n')}
</adf>
`

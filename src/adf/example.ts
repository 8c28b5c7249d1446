/** A whole ADF 1.0 document as a lead source sends one (OpenAPI example, docs/adf-leads.md). */
export const ADF_EXAMPLE = `<?xml version="1.0" encoding="UTF-8"?>
<?ADF VERSION="1.0"?>
<adf>
  <prospect status="new">
    <id sequence="1" source="ExampleLeads">EL-20261126-0042</id>
    <requestdate>2026-11-26T15:30:20-08:00</requestdate>
    <vehicle interest="buy" status="used">
      <year>2020</year>
      <make>Honda</make>
      <model>Accord</model>
      <vin>1HGCV1F34LA012345</vin>
      <stock>A1234</stock>
      <trim>EX-L</trim>
      <odometer status="original" units="miles">31250</odometer>
      <price type="asking" currency="USD">24995</price>
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
        <name part="first">Jane</name>
        <name part="last">Doe</name>
        <email>jane.doe@example.com</email>
        <phone type="cellphone" time="evening" preferredcontact="1">(555) 201-3344</phone>
        <address type="home">
          <street line="1">1458 Sunset Blvd</street>
          <city>Los Angeles</city>
          <regioncode>CA</regioncode>
          <postalcode>90026</postalcode>
          <country>US</country>
        </address>
      </contact>
      <timeframe>
        <description>Within a week</description>
        <earliestdate>2026-11-28</earliestdate>
      </timeframe>
      <comments>Evenings are best.</comments>
    </customer>
    <vendor>
      <id source="commerce-service">loc_demo_sunset_la</id>
      <vendorname>Sunset Motors</vendorname>
    </vendor>
    <provider>
      <name part="full">Example Leads</name>
      <service>New and used car leads</service>
      <url>https://leads.example.com</url>
    </provider>
  </prospect>
</adf>
`

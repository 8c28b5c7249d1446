/** Words the generated records are made of: plausible, varied, and never a real person's data. */

const words = (text: string): string[] => text.trim().split(/\s*\|\s*/)

/** `Name:XX` pairs, e.g. a city and its state's code. */
const pairs = (text: string): [string, string][] =>
  words(text).map((pair) => {
    const [name, code] = pair.split(':')
    return [name, code]
  })

export const firstNames =
  words(`Maria | James | Wei | Aisha | Carlos | Emily | Noah | Priya | Liam |
  Sofia | Mateo | Olivia | Ethan | Fatima | Lucas | Hannah | Diego | Grace | Omar | Chloe | Daniel |
  Mei | Samuel | Isabella | Kwame | Ava | Ravi | Zoe | Jamal | Nora`)

export const lastNames = words(`Gonzalez | Carter | Chen | Khan | Rodriguez | Smith | Johnson |
  Patel | Nguyen | Williams | Garcia | Brown | Kim | Lopez | Davis | Martinez | Wilson | Anderson |
  Okafor | Thomas | Hernandez | Moore | Jackson | Lee | Walker | Young | Allen | Singh | Wright |
  Scott`)

export const streets = words(`Main St | Oak Ave | Maple Dr | Cedar Ln | Sunset Blvd | Congress Ave |
  Atlantic Ave | Park Pl | Lake Rd | Hill St | Elm St | Washington Ave | Broadway | Pine St |
  Commerce Dr | Industrial Pkwy | Mission St | River Rd | Highland Ave | Market St`)

/** US states and DC: code and name. */
export const states = pairs(`AL:Alabama | AK:Alaska | AZ:Arizona | AR:Arkansas | CA:California |
  CO:Colorado | CT:Connecticut | DE:Delaware | DC:District of Columbia | FL:Florida | GA:Georgia |
  HI:Hawaii | ID:Idaho | IL:Illinois | IN:Indiana | IA:Iowa | KS:Kansas | KY:Kentucky |
  LA:Louisiana | ME:Maine | MD:Maryland | MA:Massachusetts | MI:Michigan | MN:Minnesota |
  MS:Mississippi | MO:Missouri | MT:Montana | NE:Nebraska | NV:Nevada | NH:New Hampshire |
  NJ:New Jersey | NM:New Mexico | NY:New York | NC:North Carolina | ND:North Dakota | OH:Ohio |
  OK:Oklahoma | OR:Oregon | PA:Pennsylvania | RI:Rhode Island | SC:South Carolina |
  SD:South Dakota | TN:Tennessee | TX:Texas | UT:Utah | VT:Vermont | VA:Virginia | WA:Washington |
  WV:West Virginia | WI:Wisconsin | WY:Wyoming`)

/** Cities by name and state code (unique together, as the city collection requires). */
export const cities = pairs(`Los Angeles:CA | San Diego:CA | San Jose:CA | Sacramento:CA |
  Austin:TX | Houston:TX | Dallas:TX | San Antonio:TX | Brooklyn:NY | Buffalo:NY | Albany:NY |
  Miami:FL | Orlando:FL | Tampa:FL | Chicago:IL | Springfield:IL | Phoenix:AZ | Tucson:AZ |
  Denver:CO | Atlanta:GA | Seattle:WA | Spokane:WA | Portland:OR | Boston:MA | Detroit:MI |
  Columbus:OH | Cleveland:OH | Philadelphia:PA | Pittsburgh:PA | Charlotte:NC | Raleigh:NC |
  Nashville:TN | Memphis:TN | Las Vegas:NV | Minneapolis:MN | Kansas City:MO | St. Louis:MO |
  Baltimore:MD | Newark:NJ | Salt Lake City:UT | Albuquerque:NM | Omaha:NE | Louisville:KY |
  Milwaukee:WI | Richmond:VA | New Orleans:LA | Birmingham:AL | Boise:ID | Anchorage:AK |
  Honolulu:HI | Washington:DC`)

/** A company is named "<place> <kind> <suffix>", e.g. "Riverside Motor Group". */
export const companyWords = {
  kind: words('Auto | Motor | Car | Truck | Fleet | Vehicle | Drive | Wheels'),
  place: words(`Riverside | Lakeview | Summit | Golden State | Lone Star | Empire | Pacific |
    Heartland | Bayou | Sunbelt | Metro | Valley | Coastal | Prairie | Harbor | Capital |
    Northstar | Redwood | Canyon | Liberty`),
  suffix: words('Group | Sales | Finance | Center | Outlet | Partners | Exchange | Hub'),
}

export const webEventNames = words(`page_view | vdp_view | search | credit_app_started |
  credit_app_submitted | trade_in_estimate | test_drive_requested | chat_opened |
  payment_calculator | sign_in`)

export type VehicleModel = {
  bodyStyle: string
  drivetrain: string
  engine: string
  make: string
  model: string
  /** VIN positions 1–8 and 10–11 of a real model that vPIC decodes; the check digit goes between. */
  prefix: string
  transmission: string
  year: number
}

const model = (line: string): VehicleModel => {
  const [prefix, year, make, name, engine, drivetrain, bodyStyle, transmission] = line.split(', ')
  return { bodyStyle, drivetrain, engine, make, model: name, prefix, transmission, year: +year }
}

export const vehicleModels: VehicleModel[] = [
  '4T1B11HKNU, 2022, Toyota, Camry, 2.5L I4, FWD, Sedan, Automatic',
  '2T1BURHEJC, 2018, Toyota, Corolla, 1.8L I4, FWD, Sedan, CVT',
  '1HGCM8263A, 2003, Honda, Accord, 2.4L I4, FWD, Sedan, Automatic',
  '1G1ZT5386F, 2006, Chevrolet, Malibu, 2.2L I4, FWD, Sedan, Automatic',
  'KM8K2CABPU, 2023, Hyundai, Kona, 2.0L I4, FWD, SUV, CVT',
  '5YJ3E1EAKF, 2019, Tesla, Model 3, Electric, RWD, Sedan, Single-speed',
  '1FTFW1ETDF, 2013, Ford, F-150, 3.5L V6, 4WD, Pickup, Automatic',
].map(model)

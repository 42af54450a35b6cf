// The garage side of the demo cars (issue 17): what each drawn model is called in the make and
// model list (vPIC ids of src/modules/garage/sql/taxonomy.sql), and what owners write in their
// build logs. Cars the US list lacks (a Skyline, a Silvia, a Delta Integrale) keep the list's
// make where it has one and a typed model, as a person would enter them.
import type { SceneKind } from '../art/scene.ts';
import type { Topic } from './cars.ts';

export interface CarIdentity {
  makeId: number | null;
  make: string;
  /** null: typed, not in the list. */
  modelId: number | null;
  model: string;
  trim: string;
}

const listed = (makeId: number, make: string, modelId: number, model: string, trim = ''): CarIdentity => ({ makeId, make, modelId, model, trim });
const typedModel = (makeId: number, make: string, model: string, trim = ''): CarIdentity => ({ makeId, make, modelId: null, model, trim });
const typed = (make: string, model: string, trim = ''): CarIdentity => ({ makeId: null, make, modelId: null, model, trim });

/** By the handle of content/cars.ts CAR_MODELS. */
export const CAR_IDENTITIES: Readonly<Record<string, CarIdentity>> = {
  ae86: listed(448, 'Toyota', 2208, 'Corolla', 'AE86 Sprinter Trueno'),
  r32: typedModel(478, 'Nissan', 'Skyline', 'GT-R R32'),
  mx5: listed(473, 'Mazda', 2072, 'MX-5', 'NA'),
  ek9: listed(474, 'Honda', 1863, 'Civic', 'Type R EK9'),
  s2k: listed(474, 'Honda', 3153, 'S2000', 'AP1'),
  fd3s: listed(473, 'Mazda', 5497, 'RX-7', 'FD'),
  s13: typedModel(478, 'Nissan', 'Silvia', 'S13'),
  supra: listed(448, 'Toyota', 3647, 'Supra', 'A80 Turbo'),
  '240z': typedModel(5657, 'Datsun', '240Z'),
  '964': listed(584, 'Porsche', 7832, '911', 'Carrera 2 (964)'),
  e30: listed(452, 'BMW', 1710, 'M3', 'E30'),
  gti: listed(482, 'Volkswagen', 3133, 'Golf', 'GTI Mk2'),
  integrale: typedModel(497, 'Lancia', 'Delta', 'HF Integrale'),
  gc8: listed(523, 'Subaru', 2235, 'Impreza', 'WRX STI'),
  evo6: listed(481, 'Mitsubishi', 5809, 'Lancer Evolution', 'VI'),
  cossie: listed(460, 'Ford', 5181, 'Escort', 'RS Cosworth'),
  quattro: typedModel(582, 'Audi', 'Quattro', 'Ur-Quattro'),
  gtv: typedModel(493, 'Alfa Romeo', 'GTV', '2000 Bertone'),
  etype: typedModel(442, 'Jaguar', 'E-Type', 'Series 1'),
  mini: listed(456, 'MINI', 1761, 'Cooper', 'S'),
  defender: listed(444, 'Land Rover', 9345, 'Defender', '90 300Tdi'),
  lc80: listed(448, 'Toyota', 2211, 'Land Cruiser', '80 Series'),
  taycan: listed(584, 'Porsche', 28090, 'Taycan', '4S'),
  model3: listed(441, 'Tesla', 17834, 'Model 3', 'Performance'),
  ioniq5n: listed(498, 'Hyundai', 33664, 'Ioniq 5 N'),
  mustang: listed(460, 'Ford', 1781, 'Mustang', 'Fastback'),
  nsx: listed(475, 'Acura', 5168, 'NSX'),
  mr2: listed(448, 'Toyota', 3648, 'MR2', 'AW11'),
  gt4: listed(584, 'Porsche', 7900, 'Cayman', 'GT4'),
  '2002': typedModel(452, 'BMW', '2002', 'tii'),
  volvo240: listed(485, 'Volvo', 14118, '240 Series', 'GL'),
  gryaris: typedModel(448, 'Toyota', 'GR Yaris', 'Circuit Pack'),
  '205gti': typedModel(5554, 'Peugeot', '205', 'GTI 1.9'),
  honda_e: typed('Honda', 'e', 'Advance'),
};

/** What kind of work an entry records: its cost range and the photos that go with it. */
type LogKind = 'service' | 'parts' | 'repair' | 'event' | 'detail';

export interface LogTemplate {
  kind: LogKind;
  title: string;
  text: string;
  /** Topics it fits; empty: any car. */
  topics?: readonly Topic[];
  /** Not for electric cars (oil, timing belts, carburettors). */
  combustion?: boolean;
}

/** Whole currency units, before decimals: none for an event or a wash. */
export const LOG_COSTS: Record<LogKind, readonly [number, number] | null> = {
  service: [80, 450],
  parts: [150, 2400],
  repair: [60, 1800],
  event: null,
  detail: [20, 180],
};

/** Photos an entry may carry, by kind: close-ups in the garage mostly. */
export const LOG_SCENES: Record<LogKind, readonly SceneKind[]> = {
  service: ['garage', 'gauge'],
  parts: ['wheel', 'garage', 'nose', 'tail'],
  repair: ['garage', 'nose', 'tail'],
  event: ['track', 'meet', 'touge'],
  detail: ['nose', 'tail', 'wheel'],
};

export const LOG_TEMPLATES: readonly LogTemplate[] = [
  { kind: 'service', title: 'Oil and filter', text: 'Fresh oil and a new filter before the season. Old oil came out darker than I hoped.', combustion: true },
  { kind: 'service', title: 'Timing belt and water pump', text: 'Did both while I was in there. Belt had a few cracks on the back: glad it is done.', combustion: true },
  { kind: 'service', title: 'Brake fluid flush', text: 'Bled all four corners with high-temp fluid. Pedal is firm again.' },
  { kind: 'service', title: 'Annual inspection', text: 'Passed without advisories. The tester asked about the exhaust but let it go.' },
  { kind: 'service', title: 'Coolant and hoses', text: 'New hoses all round and a proper coolant flush. No more sweet smell after a drive.', combustion: true },
  { kind: 'parts', title: 'Coilovers fitted', text: 'Set the ride height a touch lower at the front. Corner balanced next week.', topics: ['track', 'jdm', 'roads'] },
  { kind: 'parts', title: 'New tyres', text: 'Went with a sticky 200-treadwear tyre. Feels planted already.' },
  { kind: 'parts', title: 'Bucket seat', text: 'Driver seat swapped for a bucket on a low rail. Sitting properly low now.', topics: ['track', 'rally', 'jdm'] },
  { kind: 'parts', title: 'Brake pads and discs', text: 'Track pads on the front, new discs bedded in on a quiet road.', topics: ['track', 'rally'] },
  { kind: 'parts', title: 'Period-correct wheels', text: 'Found a set in the right offset after two years of looking. Refurbished and on.', topics: ['restoration', 'meet'] },
  { kind: 'parts', title: 'Skid plate', text: 'Aluminium sump guard fitted before the gravel weekend.', topics: ['rally'] },
  { kind: 'parts', title: 'Wallbox installed', text: 'Home charging at 11 kW. Overnight from 10 % to full.', topics: ['ev'] },
  { kind: 'repair', title: 'Rust repair, rear arches', text: 'Cut out the rot and let new metal in. Seam sealer and primer before winter.', topics: ['restoration'], combustion: true },
  { kind: 'repair', title: 'Window regulator', text: 'Passenger window dropped into the door. Twenty minutes with the right clip.' },
  { kind: 'repair', title: 'Carburettor rebuild', text: 'New jets and gaskets, float level set. Idles like a watch.', topics: ['restoration'], combustion: true },
  { kind: 'repair', title: 'Exhaust leak fixed', text: 'Manifold gasket had blown. Quiet at idle again.', combustion: true },
  { kind: 'event', title: 'First track day', text: 'Four sessions, no offs. Brakes faded in the last one: fluid on the list.', topics: ['track'] },
  { kind: 'event', title: 'Mountain pass run', text: 'Two passes before breakfast with the club. Best drive of the year.', topics: ['roads', 'jdm'] },
  { kind: 'event', title: 'Cars & Coffee', text: 'Parked next to its twin in another colour. Lots of questions about the build.', topics: ['meet', 'restoration'] },
  { kind: 'event', title: 'Gravel stage test', text: 'Recce day on a forest stage. Suspension took everything it was given.', topics: ['rally'] },
  { kind: 'detail', title: 'Paint correction', text: 'Two-stage polish and a ceramic coat. Swirls gone, colour is deep again.' },
  { kind: 'detail', title: 'Winter wash', text: 'Salt off the underside and wax on before storage.' },
];

/** What a new owner writes about the car on the day it arrives. */
export const ARRIVAL = { title: 'Picked it up', text: 'Drove it home the long way. Everything works, mostly. The list starts here.' } as const;

/** A sentence about each car for its description, by its main topic. */
export const CAR_DESCRIPTIONS: Record<Topic, readonly string[]> = {
  track: ['Track car that still drives to the circuit on its own wheels.', 'Built for lap times, kept road legal.'],
  jdm: ['Imported and sorted over a few winters.', 'Kept close to how it left Japan, with a few period parts.'],
  restoration: ['Bought as a project; the restoration is the point.', 'Slowly brought back to how it left the factory.'],
  meet: ['Weekend car for meets and long lunches.', 'Clean, honest and always parked at the end of the row.'],
  rally: ['Gravel-spec and not afraid to use it.', 'Built for forest stages and the odd hill climb.'],
  ev: ['Daily and track toy in one, charged at home.', 'Quiet on the way out, quick on the way back.'],
  roads: ['Bought for mountain passes and early mornings.', 'Does its best work on empty B-roads.'],
};

/** The currency each owner writes costs in, by person (a mix, as an international network has). */
export const OWNER_CURRENCIES = ['EUR', 'EUR', 'GBP', 'USD', 'SEK', 'CHF'] as const;

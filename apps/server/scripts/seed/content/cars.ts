// The cars the demo people own and talk about: how each is drawn (body style, lights, wheels,
// factory colours) and which scenes of car culture it belongs to.
import type { BodyStyle, CarLook, RimStyle } from '../art/car.ts';

/** The parts of car culture a post, a person or a community is about. */
export type Topic = 'jdm' | 'track' | 'restoration' | 'meet' | 'rally' | 'ev' | 'roads';

export const TOPICS: readonly Topic[] = ['jdm', 'track', 'restoration', 'meet', 'rally', 'ev', 'roads'];

export interface Paint {
  name: string;
  hex: string;
}

export interface CarModel {
  name: string;
  /** For usernames: `mika.ae86`. */
  handle: string;
  year: number;
  engine: string;
  style: BodyStyle;
  headlights: CarLook['headlights'];
  rims: readonly RimStyle[];
  paints: readonly Paint[];
  topics: readonly Topic[];
  wing?: CarLook['wing'];
}

const p = (name: string, hex: string): Paint => ({ name, hex });

export const CAR_MODELS: readonly CarModel[] = [
  { name: 'AE86 Trueno', handle: 'ae86', year: 1986, engine: '4A-GE', style: 'coupe', headlights: 'popup', rims: ['dish', 'mesh'], paints: [p('High Tech Two Tone', '#f2f2ef'), p('Panda white', '#f2f2ef'), p('Red', '#c8102e')], topics: ['jdm', 'roads', 'track'] },
  { name: 'Skyline GT-R R32', handle: 'r32', year: 1991, engine: 'RB26DETT', style: 'sedan', headlights: 'slim', rims: ['six', 'mesh'], paints: [p('Gun Grey', '#5b6168'), p('Crystal White', '#f0f0ec'), p('Black Pearl', '#15161a')], topics: ['jdm', 'track'] },
  { name: 'Mazda MX-5 NA', handle: 'mx5', year: 1990, engine: 'B6', style: 'roadster', headlights: 'popup', rims: ['mesh', 'five'], paints: [p('Mariner Blue', '#1e56a0'), p('Classic Red', '#c8102e'), p('British Racing Green', '#1f4d2e'), p('Sunburst Yellow', '#f5c400')], topics: ['roads', 'meet', 'track'] },
  { name: 'Civic Type R EK9', handle: 'ek9', year: 1998, engine: 'B16B', style: 'hatch', headlights: 'slim', rims: ['five'], paints: [p('Championship White', '#f2f2ef'), p('Sunlight Yellow', '#f3c623'), p('Milano Red', '#c21f2b')], topics: ['jdm', 'track'] },
  { name: 'Honda S2000', handle: 's2k', year: 2002, engine: 'F20C', style: 'roadster', headlights: 'slim', rims: ['five', 'six'], paints: [p('Berlina Black', '#141517'), p('New Formula Red', '#c8102e'), p('Silverstone', '#a9adb3')], topics: ['roads', 'track', 'jdm'] },
  { name: 'RX-7 FD', handle: 'fd3s', year: 1993, engine: '13B-REW', style: 'fastback', headlights: 'popup', rims: ['five', 'mesh'], paints: [p('Vintage Red', '#b3121f'), p('Competition Yellow', '#f4c21b'), p('Brilliant Black', '#121315')], topics: ['jdm', 'roads'] },
  { name: 'Silvia S13', handle: 's13', year: 1989, engine: 'SR20DET', style: 'coupe', headlights: 'popup', rims: ['mesh', 'dish'], paints: [p('Lime Green', '#8fbf3a'), p('Warm White', '#ecebe4'), p('Yellowish Silver', '#b7b39c')], topics: ['jdm', 'track'] },
  { name: 'Supra A80', handle: 'supra', year: 1995, engine: '2JZ-GTE', style: 'fastback', headlights: 'slim', rims: ['five'], wing: 'gt', paints: [p('Renaissance Red', '#c0141f'), p('Super White', '#f3f3f0'), p('Black', '#121315')], topics: ['jdm', 'meet'] },
  { name: 'Datsun 240Z', handle: '240z', year: 1972, engine: 'L24', style: 'fastback', headlights: 'round', rims: ['steel', 'dish'], paints: [p('Safari Gold', '#c8922b'), p('Orange', '#e0661f'), p('Maroon', '#6b1f2a')], topics: ['restoration', 'meet', 'jdm'] },
  { name: '911 Carrera (964)', handle: '964', year: 1990, engine: 'M64 flat six', style: 'fastback', headlights: 'round', rims: ['five', 'six'], wing: 'ducktail', paints: [p('Guards Red', '#c8102e'), p('Grand Prix White', '#f1f1ec'), p('Amethyst', '#5b3a6b')], topics: ['meet', 'track', 'restoration'] },
  { name: 'E30 M3', handle: 'e30', year: 1988, engine: 'S14', style: 'sedan', headlights: 'round', rims: ['mesh', 'five'], paints: [p('Alpine White', '#f1f1ee'), p('Henna Red', '#b5121b'), p('Macao Blue', '#234a8a')], topics: ['track', 'meet', 'restoration'] },
  { name: 'Golf GTI Mk2', handle: 'gti', year: 1989, engine: '1.8 16V', style: 'hatch', headlights: 'round', rims: ['six', 'steel'], paints: [p('Tornado Red', '#c8102e'), p('Black Magic', '#141414'), p('Alpine White', '#f1f1ee')], topics: ['meet', 'restoration', 'roads'] },
  { name: 'Delta HF Integrale', handle: 'integrale', year: 1992, engine: '2.0 16V turbo', style: 'hatch', headlights: 'slim', rims: ['six'], paints: [p('Bianco', '#f2f2ef'), p('Rosso Monza', '#b3121f'), p('Giallo Ginestra', '#f3c623')], topics: ['rally', 'restoration'] },
  { name: 'Impreza WRX STI', handle: 'gc8', year: 1998, engine: 'EJ20', style: 'sedan', headlights: 'slim', rims: ['six'], paints: [p('World Rally Blue', '#1f4e8c'), p('Pure White', '#f2f2ef')], topics: ['rally', 'jdm'] },
  { name: 'Lancer Evolution VI', handle: 'evo6', year: 1999, engine: '4G63T', style: 'sedan', headlights: 'slim', rims: ['six', 'five'], wing: 'gt', paints: [p('Scotia White', '#f1f1ec'), p('Passion Red', '#c8102e'), p('Lance Blue', '#2a5bb0')], topics: ['rally', 'jdm', 'track'] },
  { name: 'Escort RS Cosworth', handle: 'cossie', year: 1993, engine: 'YB turbo', style: 'hatch', headlights: 'slim', rims: ['dish', 'six'], wing: 'gt', paints: [p('Imperial Blue', '#1d3a78'), p('Diamond White', '#f2f2ef')], topics: ['rally', 'meet'] },
  { name: 'Quattro', handle: 'quattro', year: 1984, engine: 'five-cylinder turbo', style: 'coupe', headlights: 'slim', rims: ['dish'], paints: [p('Alpine White', '#f1f1ee'), p('Mars Red', '#b5121b')], topics: ['rally', 'restoration'] },
  { name: 'Alfa Romeo GTV', handle: 'gtv', year: 1971, engine: 'twin-cam four', style: 'classic', headlights: 'round', rims: ['steel', 'mesh'], paints: [p('Alfa Red', '#b3121f'), p('Verde Pino', '#2c4a35'), p('Bianco Spino', '#ebe7dc')], topics: ['restoration', 'meet', 'roads'] },
  { name: 'E-Type Series 1', handle: 'etype', year: 1965, engine: '4.2 straight six', style: 'classic', headlights: 'round', rims: ['mesh'], paints: [p('British Racing Green', '#1f4d2e'), p('Opalescent Silver Blue', '#8aa0b5'), p('Old English White', '#ece6d4')], topics: ['restoration', 'meet'] },
  { name: 'Mini Cooper S', handle: 'mini', year: 1967, engine: 'A-series 1275', style: 'hatch', headlights: 'round', rims: ['steel'], paints: [p('Almond Green', '#8ea57d'), p('Tartan Red', '#b3121f'), p('Island Blue', '#5c8fb3')], topics: ['restoration', 'meet', 'rally'] },
  { name: 'Defender 90', handle: 'defender', year: 1996, engine: '300Tdi', style: 'suv', headlights: 'round', rims: ['steel'], paints: [p('Coniston Green', '#2c4a35'), p('Keswick Green', '#3e5b3a'), p('Alpine White', '#f1f1ee')], topics: ['rally', 'roads', 'restoration'] },
  { name: 'Land Cruiser 80', handle: 'lc80', year: 1994, engine: '1HZ', style: 'suv', headlights: 'slim', rims: ['six', 'steel'], paints: [p('Beige', '#c9b896'), p('Dark Green', '#2b3f33')], topics: ['roads', 'rally'] },
  { name: 'Taycan', handle: 'taycan', year: 2021, engine: 'dual motors', style: 'ev', headlights: 'bar', rims: ['aero', 'five'], paints: [p('Frozen Blue', '#8fb6d8'), p('Carmine Red', '#a3101f'), p('Volcano Grey', '#5a5e63')], topics: ['ev', 'track', 'roads'] },
  { name: 'Model 3 Performance', handle: 'model3', year: 2022, engine: 'dual motors', style: 'ev', headlights: 'slim', rims: ['aero', 'six'], paints: [p('Pearl White', '#f2f2ef'), p('Deep Blue', '#22396b'), p('Midnight Silver', '#55595f')], topics: ['ev', 'roads'] },
  { name: 'Ioniq 5 N', handle: 'ioniq5n', year: 2024, engine: 'dual motors', style: 'hatch', headlights: 'bar', rims: ['aero', 'six'], paints: [p('Performance Blue', '#5b7fa6'), p('Gravity Gold', '#a58c5a')], topics: ['ev', 'track'] },
  { name: 'Mustang Fastback', handle: 'mustang', year: 1967, engine: '289 V8', style: 'fastback', headlights: 'round', rims: ['five', 'steel'], paints: [p('Highland Green', '#27412f'), p('Candyapple Red', '#b3121f'), p('Wimbledon White', '#eeece4')], topics: ['restoration', 'meet', 'roads'] },
  { name: 'NSX', handle: 'nsx', year: 1991, engine: 'C30A V6', style: 'wedge', headlights: 'popup', rims: ['six', 'five'], paints: [p('Formula Red', '#c8102e'), p('Berlina Black', '#141517'), p('Grand Prix White', '#f1f1ec')], topics: ['jdm', 'track', 'roads'] },
  { name: 'MR2 AW11', handle: 'mr2', year: 1987, engine: '4A-GE', style: 'wedge', headlights: 'popup', rims: ['dish', 'mesh'], paints: [p('Super Red', '#c8102e'), p('Super White', '#f2f2ef')], topics: ['jdm', 'roads'] },
  { name: 'Cayman GT4', handle: 'gt4', year: 2020, engine: '4.0 flat six', style: 'coupe', headlights: 'slim', rims: ['five'], wing: 'gt', paints: [p('Racing Yellow', '#f3c623'), p('Guards Red', '#c8102e'), p('Python Green', '#7cbf3a')], topics: ['track', 'roads'] },
  { name: 'BMW 2002 tii', handle: '2002', year: 1973, engine: 'M10', style: 'classic', headlights: 'round', rims: ['steel', 'mesh'], paints: [p('Inka Orange', '#e0661f'), p('Polaris Silver', '#b8bcc0'), p('Colorado Orange', '#d9541c')], topics: ['restoration', 'meet'] },
  { name: 'Volvo 240', handle: 'volvo240', year: 1988, engine: 'B230 redblock', style: 'sedan', headlights: 'slim', rims: ['steel', 'six'], paints: [p('Dark Blue', '#1e2d4f'), p('Red', '#a3101f'), p('Beige', '#cdbf9e')], topics: ['track', 'meet'] },
  { name: 'GR Yaris', handle: 'gryaris', year: 2021, engine: 'G16E-GTS', style: 'hatch', headlights: 'slim', rims: ['mesh', 'six'], paints: [p('Platinum White', '#f2f2ef'), p('Emotional Red', '#b3121f')], topics: ['rally', 'track'] },
  { name: 'Peugeot 205 GTI', handle: '205gti', year: 1988, engine: 'XU9 1.9', style: 'hatch', headlights: 'slim', rims: ['six'], paints: [p('Cherry Red', '#b3121f'), p('Miami Blue', '#1f4e8c'), p('Graphite Grey', '#4a4e54')], topics: ['rally', 'meet', 'restoration'] },
  { name: 'Honda e', handle: 'honda_e', year: 2021, engine: 'rear motor', style: 'hatch', headlights: 'round', rims: ['aero'], paints: [p('Charge Yellow', '#e9d36a'), p('Platinum White', '#f2f2ef'), p('Crystal Blue', '#4d7fa6')], topics: ['ev', 'meet'] },
];

export const RIM_COLOURS = ['#c9ccd1', '#c9ccd1', '#4a4f57', '#c9a24a', '#ececec', '#8c6a3e', '#1e1f22'] as const;
export const CALIPERS = ['#d32f2f', '#f5c400', '#1f6fd0', '#c9ccd1'] as const;
export const ACCENTS = ['#c8102e', '#f4f4f2', '#141416', '#f5c400', '#1f6fd0', '#ff7a1a', '#2e9d5b'] as const;

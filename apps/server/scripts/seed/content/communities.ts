// The demo communities, in the order sizes take them (small has the first few). Each has the
// topics its members post about and the scene its cover shows.
import type { SceneKind } from '../art/scene.ts';
import type { TimeOfDay } from '../art/parts.ts';
import type { Topic } from './cars.ts';

export interface CommunityIdea {
  name: string;
  description: string;
  topics: readonly Topic[];
  cover: SceneKind;
  time: TimeOfDay;
  /** The car on the cover: a handle from CAR_MODELS. */
  car: string;
}

export const COMMUNITY_IDEAS: readonly CommunityIdea[] = [
  {
    name: 'Cars & Coffee Sunday',
    description: 'Early starts, good coffee and whatever rolls into the car park. Meet dates, spotting threads and the best of each Sunday.',
    topics: ['meet'], cover: 'meet', time: 'golden', car: 'mx5',
  },
  {
    name: 'Track Day Regulars',
    description: 'Open pit lanes, lap times and brake fluid. Share your data, your setups and which organisers run the best days.',
    topics: ['track'], cover: 'track', time: 'day', car: 'gt4',
  },
  {
    name: 'JDM Legends',
    description: 'Pop-up headlights, hachiroku, Skylines and the cars that made the Wangan famous. Imports, builds and late-night meets.',
    topics: ['jdm'], cover: 'night', time: 'night', car: 'ae86',
  },
  {
    name: 'Restoration Bay',
    description: 'Rust, primer and patience. Project diaries from bare metal to first drive; ask for parts, advice and moral support here.',
    topics: ['restoration'], cover: 'garage', time: 'day', car: 'gtv',
  },
  {
    name: 'Gravel & Snow Rally Club',
    description: 'Forest stages, snow rallies and rally schools. Spectator spots, pace notes, service-park stories and onboard clips.',
    topics: ['rally'], cover: 'rally', time: 'overcast', car: 'gc8',
  },
  {
    name: 'Volts & Torque',
    description: 'Electric cars for people who love driving: range tests, charging stops, track days in EVs and honest long-term reports.',
    topics: ['ev'], cover: 'charging', time: 'day', car: 'taycan',
  },
  {
    name: 'Touge Tuesday',
    description: 'Mountain passes, switchbacks and sunrise runs. Post your favourite roads, the routes to them and the view from the top.',
    topics: ['roads'], cover: 'touge', time: 'dusk', car: 'fd3s',
  },
  {
    name: 'Air-Cooled Society',
    description: 'Flat sixes and the people who keep them running: 911s from the 60s to the 964, restorations, meets and valve adjustments.',
    topics: ['restoration', 'meet'], cover: 'meet', time: 'dawn', car: '964',
  },
  {
    name: 'Hot Hatch Heroes',
    description: 'Golf GTI, 205 GTI, Civic Type R and everything small, light and quick. Builds, B-road drives and track days.',
    topics: ['track', 'roads'], cover: 'touge', time: 'golden', car: 'gti',
  },
  {
    name: 'Drift Syndicate',
    description: 'Tyre smoke, handbrake turns and grassroots drift days. S-chassis, AE86s and anything rear-wheel drive.',
    topics: ['jdm', 'track'], cover: 'track', time: 'dusk', car: 's13',
  },
  {
    name: 'Overland & 4x4',
    description: 'Defenders, Land Cruisers and the long way round. Trips, recovery gear, roof tents and muddy tracks.',
    topics: ['roads', 'rally'], cover: 'snow', time: 'day', car: 'defender',
  },
  {
    name: 'Radwood Era',
    description: 'Pop-ups, digital dashboards and boxy lines from the 80s and 90s. Period-correct builds and survivors.',
    topics: ['meet', 'jdm', 'restoration'], cover: 'night', time: 'night', car: 'mr2',
  },
];

// Names for the demo people: drivers from everywhere, with handles like the ones enthusiasts
// actually pick (their car, their scene, their first name).
import type { Random } from '../random.ts';
import type { CarModel, Topic } from './cars.ts';

export const FIRST_NAMES = [
  'Mika', 'Jonas', 'Sofia', 'Kenji', 'Aiko', 'Lukas', 'Emma', 'Mateo', 'Chloé', 'Ravi', 'Priya', 'Oliver',
  'Hannah', 'Tomás', 'Yuki', 'Lars', 'Ingrid', 'Marco', 'Giulia', 'Sven', 'Amélie', 'Diego', 'Noah', 'Leila',
  'Hiroshi', 'Nina', 'Felix', 'Sara', 'Oskar', 'Élodie', 'Ben', 'Zoe', 'Kai', 'Aroha', 'Finn', 'Maya',
  'Luca', 'Freya', 'Jack', 'Isla', 'Tariq', 'Fatima', 'Daniel', 'Ana', 'Petra', 'Jan', 'Ruby', 'Sam',
  'Clara', 'Ethan', 'Hugo', 'Matteo', 'Inés', 'Takumi', 'Keiko', 'Bruno', 'Alejandro', 'Camille', 'Stefan',
  'Jörg', 'Søren', 'Björn', 'Anika', 'Rosa', 'Mei', 'Wei', 'Arjun', 'Nadia', 'Olga', 'Viktor', 'Kaito',
  'Ren', 'Lena', 'Milan', 'Eva', 'Theo', 'Grace', 'Leo', 'Aisha', 'Kofi', 'Liam', 'Saoirse', 'Pedro', 'Yara',
] as const;

export const LAST_NAMES = [
  'Tanaka', 'Virtanen', 'Müller', 'Rossi', 'García', 'Silva', 'Dubois', 'Nakamura', 'Kowalski', 'Novak',
  'Jensen', 'Andersson', 'Schmidt', 'Moreau', 'Costa', 'Fernandes', 'Walker', 'Okafor', 'Patel', 'Singh',
  'Kim', 'Park', 'Chen', 'Wong', 'Sato', 'Suzuki', 'Takahashi', 'Hughes', 'Murphy', 'Horvat', 'Nieminen',
  'Lindqvist', 'Berg', 'Haugen', 'Fischer', 'Weber', 'Bianchi', 'Romano', 'Santos', 'Oliveira', 'Martin',
  'Bernard', 'Lefebvre', 'Ivanova', 'Popescu', 'Yilmaz', 'Haddad', 'Mensah', 'Kruger', 'Van Dijk', 'Hoffmann',
  'Rahman', 'Ito', 'Kobayashi', 'Laine', 'Eriksen', 'Moretti', 'Navarro', 'Duarte', 'Petit',
] as const;

const SCENE_WORDS: Record<Topic, readonly string[]> = {
  jdm: ['jdm', 'wangan', 'kaido', 'shakotan'],
  track: ['trackrat', 'apex', 'laps', 'racing'],
  restoration: ['garage', 'restomod', 'wrench', 'barnfind'],
  meet: ['carspotter', 'sundays', 'coffee', 'cars'],
  rally: ['rally', 'gravel', 'stages', 'sideways'],
  ev: ['volts', 'ev', 'regen', 'charged'],
  roads: ['touge', 'passes', 'drives', 'roadtrip'],
};

/** Lowercase ASCII without accents: what a username may hold (a–z, 0–9, `_` and `.`). */
export function handleOf(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ø/g, 'o')
    .replace(/[^a-z0-9]/g, '');
}

/** A username in one of the shapes people choose; the caller makes it unique. */
export function usernameFor(random: Random, first: string, last: string, car: CarModel, topic: Topic): string {
  const a = handleOf(first);
  const b = handleOf(last);
  const scene = random.pick(SCENE_WORDS[topic]);
  return random.pick([
    `${a}.${car.handle}`,
    `${car.handle}_${a}`,
    `${a}_${scene}`,
    `${scene}.${a}`,
    `${a}${b.slice(0, 1)}_${car.handle}`,
    `${a}.${b}`,
    `${b}${car.year % 100}`,
    `${a}_${b}`,
  ]);
}

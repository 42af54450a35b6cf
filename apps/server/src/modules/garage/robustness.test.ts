// Nothing a client sends to the garage's calls makes the server fail: odd ids, make and model
// names, bodies, multipart forms and query strings get a 4xx `{ message }` (or a success),
// never a 5xx.
import { describe, expect, it } from 'vitest';
import { buildPath, routes, type RouteName } from '@pitlane/api/contract';
import { backends, useApp, useSmtpSink } from '../../../test/harness.ts';
import { peopleOf } from '../../../test/posts.ts';
import { expectNoServerError, type OddBody } from '../../../test/odd-requests.ts';
import { LIST, newCar, newLogEntry } from '../../../test/cars.ts';

const sink = useSmtpSink();

const MINE = Object.keys(routes).filter((name) => name.startsWith('cars.')) as RouteName[];
/** Calls that would end the real car or entry, which later requests aim at. */
const ENDING: RouteName[] = ['cars.delete', 'cars.logDelete'];

const part = (name: string, value: string) => `--x\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const multipart = (...parts: string[]) => ({ payload: `${parts.join('')}--x--`, type: 'multipart/form-data; boundary=x' });
const file = (field: string, bytes: string) => `--x\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${bytes}\r\n`;
const ODD_BODIES: OddBody[] = [
  { payload: '', type: 'application/json' },
  { payload: 'null', type: 'application/json' },
  { payload: '{"makeId":{"$ne":1},"year":[1]}', type: 'application/json' },
  { payload: '{broken', type: 'application/json' },
  { payload: 'makeId=1&year=2', type: 'application/x-www-form-urlencoded' },
  multipart(part('makeId', LIST.porsche), part('modelId', '99999999999999999999'), part('year', '1991')),
  multipart(part('makeId', '1e3'), part('model', 'X'), part('year', '1e400')),
  multipart(part('makeId', '-0'), part('model', 'X'), part('year', '-1991')),
  multipart(part('make', 'x'.repeat(60_000)), part('model', 'Y'), part('year', '1991')),
  multipart(part('make', 'A\ud800'), part('model', "'; drop table cars; --"), part('year', '1991'), part('current', 'yes'), part('removeCover', '1')),
  multipart(part('make', 'A'), part('model', 'B'), part('year', '1991'), file('coverImage', 'not a png')),
  multipart(part('make', 'A'), part('model', 'B'), part('year', '1991'), file('images', 'x')),
  multipart(part('date', '2026-13-45'), part('title', 'T'), part('mileage', '1e308'), part('cost', 'NaN'), part('currency', 'eur')),
  multipart(part('date', '99999-01-01'), part('title', 'T'), part('mileage', 'Infinity'), part('cost', '-0.001')),
  multipart(part('date', '2026-01-01'), part('title', 'T'), part('existingImageUrls', '[null, 1, {"x": []}]'), part('imageAlts', '{"a":1}')),
  multipart(part('date', '2026-01-01'), part('title', 'T'), part('existingImageUrls', '["/media/posts/../../etc/passwd"]'), file('images', 'x')),
  { payload: '--x\r\nbroken multipart', type: 'multipart/form-data; boundary=x' },
];

const ODD_PARAMS = ['x', "'; drop table cars; --", '%00', 'ü', '00000000-0000-0000-0000-000000000000', 'a'.repeat(300), '1e3', '-1', '2147483648'];
const ODD_QUERIES = ['', '?page=0', '?page=-1', '?page=1e9', '?page=abc', '?page=1&page=2', '?q=%25_%5C', `?q=${'a'.repeat(101)}`, '?q=a&q=b', '?q=%F0%9F%8F%8E'];

describe.each(backends)('no 5xx from anything a client sends to the garage, on $name', (backend) => {
  const t = useApp(backend, { sink });

  it('answers every odd request below 500, with a message when refused', async () => {
    const [maya] = await peopleOf(t.app, sink, 'maya');
    const car = await newCar(maya.browser);
    const entry = await newLogEntry(maya.browser, car._id);
    const real: Partial<Record<string, string>> = { id: car._id, userId: maya.id, makeId: LIST.porsche, make: 'Porsche', model: '911' };
    /** Odd values in every place of the path; the real car, entry, make and model too, except for the calls that would end them. */
    const urlsOf = (name: RouteName): string[] => {
      const route = routes[name];
      const names = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
      if (names.length === 0) return [route.path];
      const values: Partial<Record<string, string>> = { ...real, ...(name.startsWith('cars.log') && name !== 'cars.logCreate' ? { id: entry._id } : {}) };
      const urls = ODD_PARAMS.flatMap((odd) => names.map((oddName) => buildPath(route.path, Object.fromEntries(names.map((n) => [n, n === oddName ? odd : values[n]!])))));
      if (!ENDING.includes(name)) urls.push(buildPath(route.path, Object.fromEntries(names.map((n) => [n, values[n]!]))));
      return urls;
    };
    for (const name of MINE) {
      const route = routes[name];
      for (const url of urlsOf(name)) await expectNoServerError(maya.browser, route.method, url, { queries: ODD_QUERIES, bodies: ODD_BODIES });
    }
    // The car and its entry survived all of that (an odd but valid edit may have renamed the car).
    expect((await maya.browser.get(`/api/cars/${car._id}`)).statusCode).toBe(200);
    expect((await maya.browser.get(`/api/cars/${car._id}/timeline`)).json()).toMatchObject({ items: [{ type: 'log' }] });
  });
});

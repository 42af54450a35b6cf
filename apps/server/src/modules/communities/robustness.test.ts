// Nothing a client sends to the communities calls makes the server fail: odd ids, bodies,
// multipart forms and query strings get a 4xx `{ message }` (or a success), never a 5xx.
import { describe, expect, it } from 'vitest';
import { buildPath, routes, type RouteName } from '@pitlane/api/contract';
import { backends, useApp, useSmtpSink } from '../../../test/harness.ts';
import { peopleOf } from '../../../test/posts.ts';
import { expectNoServerError, type OddBody } from '../../../test/odd-requests.ts';
import { join, newCommunity } from '../../../test/communities.ts';

const sink = useSmtpSink();

const MINE = Object.keys(routes).filter((name) => name.startsWith('communities.')) as RouteName[];
/** Calls that would end the real community or Kenji's membership, which later requests aim at. */
const ENDING: RouteName[] = ['communities.delete', 'communities.leave', 'communities.removeMember'];

const part = (name: string, value: string) => `--x\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const ODD_BODIES: OddBody[] = [
  { payload: '', type: 'application/json' },
  { payload: 'null', type: 'application/json' },
  { payload: '[]', type: 'application/json' },
  { payload: '{"name":{"$ne":1},"description":[1]}', type: 'application/json' },
  { payload: `{"name":"${'a'.repeat(3000)}","description":"x"}`, type: 'application/json' },
  { payload: '{"name":"\\ud800","description":"\\u0000"}', type: 'application/json' },
  { payload: '{broken', type: 'application/json' },
  { payload: 'name=x&description=y', type: 'application/x-www-form-urlencoded' },
  { payload: `${part('name', 'N')}${part('description', 'D')}--x--`, type: 'multipart/form-data; boundary=x' },
  { payload: `${part('name', 'N')}${part('description', 'D')}${part('members', '{"a":1}')}--x--`, type: 'multipart/form-data; boundary=x' },
  { payload: `${part('name', 'N')}${part('description', 'D')}${part('members', '[null, 1, {"x": []}, "\'; drop table communities; --"]')}--x--`, type: 'multipart/form-data; boundary=x' },
  { payload: `${part('name', 'x'.repeat(60_000))}${part('description', 'D')}${part('members', '[]')}--x--`, type: 'multipart/form-data; boundary=x' },
  { payload: `${part('name', 'N\ud800')}${part('description', 'D')}${part('members', '[]')}--x--`, type: 'multipart/form-data; boundary=x' },
  {
    payload: `${part('name', 'N')}${part('description', 'D')}${part('members', '[]')}--x\r\nContent-Disposition: form-data; name="coverImage"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot a png\r\n--x--`,
    type: 'multipart/form-data; boundary=x',
  },
  { payload: `${part('name', 'N')}--x\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\n\r\nx\r\n--x--`, type: 'multipart/form-data; boundary=x' },
  { payload: '--x\r\nbroken multipart', type: 'multipart/form-data; boundary=x' },
];

const ODD_PARAMS = ['x', "'; drop table communities; --", '%00', 'ü', '00000000-0000-0000-0000-000000000000', 'a'.repeat(300)];
const ODD_QUERIES = ['', '?page=0', '?page=-1', '?page=1e9', '?page=abc', '?page=1&page=2', '?page=99999999999999999999'];

describe.each(backends)('no 5xx from anything a client sends to communities, on $name', (backend) => {
  const t = useApp(backend, { sink });

  it('answers every odd request below 500, with a message when refused', async () => {
    const [maya, kenji] = await peopleOf(t.app, sink, 'maya', 'kenji');
    const club = await newCommunity(maya.browser, 'Air-Cooled Porsche Club');
    await join(kenji.browser, club._id);
    /** Odd ids in every place; the real community too, except for the calls that would end it. */
    const urlsOf = (name: RouteName): string[] => {
      const route = routes[name];
      if (!route.path.includes(':')) return [route.path];
      const fill = (id: string, userId: string) => buildPath(route.path, name === 'communities.removeMember' ? { id, userId } : { id });
      const urls = [...ODD_PARAMS, ...(ENDING.includes(name) ? [] : [club._id])].map((id) => fill(id, kenji.id));
      if (name === 'communities.removeMember') urls.push(...ODD_PARAMS.map((userId) => fill(club._id, userId)));
      return urls;
    };
    for (const name of MINE) {
      const route = routes[name];
      for (const url of urlsOf(name)) await expectNoServerError(maya.browser, route.method, url, { queries: ODD_QUERIES, bodies: ODD_BODIES });
    }
    // The community survived all of that (an odd but valid edit may have renamed it).
    expect((await kenji.browser.get(`/api/communities/${club._id}`)).statusCode).toBe(200);
  });
});

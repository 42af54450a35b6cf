// Nothing a client sends to the safety calls makes the server fail: odd ids, bodies and query
// strings get a 4xx `{ message }` (or a success), never a 5xx.
import { describe, expect, it } from 'vitest';
import { routes, type RouteName } from '@pitlane/api/contract';
import { backends, useApp, useSmtpSink } from '../../../test/harness.ts';
import { peopleOf } from '../../../test/posts.ts';
import { expectNoServerError, type OddBody } from '../../../test/odd-requests.ts';

const sink = useSmtpSink();

const MINE = Object.keys(routes).filter((name) => name.startsWith('safety.')) as RouteName[];

const ODD_BODIES: OddBody[] = [
  { payload: '', type: 'application/json' },
  { payload: 'null', type: 'application/json' },
  { payload: '[]', type: 'application/json' },
  { payload: '{"userId":{"$ne":1},"blocked":[1]}', type: 'application/json' },
  { payload: `{"reason":"${'a'.repeat(10_000)}"}`, type: 'application/json' },
  { payload: '{broken', type: 'application/json' },
  { payload: 'userId=x', type: 'application/x-www-form-urlencoded' },
  { payload: '--x\r\nContent-Disposition: form-data; name="userId"\r\n\r\nT\r\n--x--', type: 'multipart/form-data; boundary=x' },
];

const ODD_PARAMS = ['x', "'; drop table blocks; --", '%00', 'ü', '00000000-0000-0000-0000-000000000000', 'a'.repeat(300)];
const ODD_QUERIES = ['', '?page=0', '?page=abc', '?userId=x', `?q=${'x'.repeat(10_000)}`, '?q=%E0%A4%A'];

describe.each(backends)('no 5xx from anything a client sends to the safety calls, on $name', (backend) => {
  const t = useApp(backend, { sink });

  it('answers every odd request below 500, with a message when refused', async () => {
    const [maya, kenji] = await peopleOf(t.app, sink, 'maya', 'kenji');
    expect(MINE).toHaveLength(6);
    for (const name of MINE) {
      const route = routes[name];
      const params = route.path.includes(':') ? [...ODD_PARAMS, kenji.id, maya.id] : ['-'];
      for (const param of params) {
        const url = route.path.replace(/:([A-Za-z]+)/g, () => encodeURIComponent(param));
        await expectNoServerError(maya.browser, route.method, url, { queries: ODD_QUERIES, bodies: ODD_BODIES });
      }
    }
  });
});

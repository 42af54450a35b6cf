// Nothing a client sends to the report and moderation calls makes the server fail: odd ids,
// kinds, bodies and query strings get a 4xx `{ message }` (or a success), never a 5xx, from an
// operator (who passes every permission check) as from anyone.
import { describe, expect, it } from 'vitest';
import { routes, type RouteName } from '@pitlane/api/contract';
import { backends, useApp, useSmtpSink } from '../../../test/harness.ts';
import { newPost, peopleOf } from '../../../test/posts.ts';
import { expectNoServerError, type OddBody } from '../../../test/odd-requests.ts';
import { makeOperator } from '../../../test/moderation.ts';

const sink = useSmtpSink();

const MINE = Object.keys(routes).filter((name) => name === 'reports.create' || name.startsWith('moderation.')) as RouteName[];

const ODD_BODIES: OddBody[] = [
  { payload: '', type: 'application/json' },
  { payload: 'null', type: 'application/json' },
  { payload: '[]', type: 'application/json' },
  { payload: '{"kind":"post","targetId":{"$ne":1},"reason":"spam"}', type: 'application/json' },
  { payload: '{"kind":"user","targetId":"00000000-0000-0000-0000-000000000000","reason":"other","details":"\\u0000"}', type: 'application/json' },
  { payload: `{"reason":"${'a'.repeat(10_000)}"}`, type: 'application/json' },
  { payload: '{"reason":"  "}', type: 'application/json' },
  { payload: '{broken', type: 'application/json' },
  { payload: 'reason=x', type: 'application/x-www-form-urlencoded' },
];

const ODD_QUERIES = ['', '?page=0', '?page=abc', '?page=99999999999', '?page=2'];

describe.each(backends)('no 5xx from anything a client sends to the moderation calls, on $name', (backend) => {
  const t = useApp(backend, { sink });

  it('answers every odd request below 500, with a message when refused', async () => {
    const [operator, kenji] = await peopleOf(t.app, sink, 'operator', 'kenji');
    await makeOperator(t.db, operator);
    const post = await newPost(kenji.browser);
    expect(MINE).toHaveLength(8);
    const oddIds = ["'; drop table reports; --", '%00', '00000000-0000-0000-0000-000000000000', 'a'.repeat(300), kenji.id, post._id];
    for (const name of MINE) {
      const route = routes[name];
      const names = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]);
      const kinds = names.includes('kind') ? ['post', 'comment', 'user', 'car'] : ['-'];
      const values = names.length === 0 ? [{}] : oddIds.flatMap((id) => kinds.map((kind) => ({ kind, id })));
      for (const value of values) {
        const url = route.path.replace(/:([A-Za-z]+)/g, (_, param: string) => encodeURIComponent(param === 'kind' ? (value as { kind: string }).kind : (value as { id: string }).id));
        await expectNoServerError(operator.browser, route.method, url, { queries: ODD_QUERIES, bodies: ODD_BODIES });
      }
    }
  });
});

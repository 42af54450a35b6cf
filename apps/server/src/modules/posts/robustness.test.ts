// Nothing a client sends to the posts, comments, search and notifications calls makes the server
// fail: odd ids, bodies, multipart forms and query strings get a 4xx `{ message }` (or a
// success), never a 5xx.
import { describe, expect, it } from 'vitest';
import { routes, type RouteName } from '@pitlane/api/contract';
import { backends, useApp, useSmtpSink } from '../../../test/harness.ts';
import { newPost, peopleOf } from '../../../test/posts.ts';
import { expectNoServerError, type OddBody } from '../../../test/odd-requests.ts';

const sink = useSmtpSink();

const MINE = Object.keys(routes).filter((name) => /^(posts|comments|search|notifications)\./.test(name)) as RouteName[];

const ODD_BODIES: OddBody[] = [
  { payload: '', type: 'application/json' },
  { payload: 'null', type: 'application/json' },
  { payload: '[]', type: 'application/json' },
  { payload: '{"text":{"$ne":1},"title":[1],"content":null}', type: 'application/json' },
  { payload: `{"text":"${'a'.repeat(10_000)}"}`, type: 'application/json' },
  { payload: '{broken', type: 'application/json' },
  { payload: 'text=hi', type: 'application/x-www-form-urlencoded' },
  { payload: '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nT\r\n--x--', type: 'multipart/form-data; boundary=x' },
  { payload: '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nT\r\n--x\r\nContent-Disposition: form-data; name="content"\r\n\r\nC\r\n--x\r\nContent-Disposition: form-data; name="existingImageUrls"\r\n\r\n{"a":1}\r\n--x\r\nContent-Disposition: form-data; name="images"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff\xe0 not really\r\n--x--', type: 'multipart/form-data; boundary=x' },
  { payload: '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nT\r\n--x\r\nContent-Disposition: form-data; name="content"\r\n\r\nC\r\n--x\r\nContent-Disposition: form-data; name="community"\r\n\r\n\'; drop table posts; --\r\n--x\r\nContent-Disposition: form-data; name="other"; filename="a.png"\r\n\r\nx\r\n--x--', type: 'multipart/form-data; boundary=x' },
  { payload: '--x\r\nbroken multipart', type: 'multipart/form-data; boundary=x' },
];

const ODD_PARAMS = ['x', "'; drop table posts; --", '%00', 'ü', '00000000-0000-0000-0000-000000000000', 'a'.repeat(300)];
const ODD_QUERIES = ['', '?page=0', '?page=-1', '?page=1e9', '?page=abc', '?page=1&page=2', '?q=%25_%5C', `?q=${'%F0%9F%8F%8E'.repeat(50)}`, '?q=%E0%A4%A', `?q=${'x'.repeat(10_000)}`];

describe.each(backends)('no 5xx from anything a client sends to posts, comments, search, notifications, on $name', (backend) => {
  const t = useApp(backend, { sink });

  it('answers every odd request below 500, with a message when refused', async () => {
    const [maya] = await peopleOf(t.app, sink, 'maya');
    const real = await newPost(maya.browser);
    for (const name of MINE) {
      const route = routes[name];
      const params = route.path.includes(':') ? [...ODD_PARAMS, real._id] : ['-'];
      for (const param of params) {
        const url = route.path.replace(/:([A-Za-z]+)/g, () => encodeURIComponent(param));
        // Deleting the real post would leave later requests nothing real to aim at.
        if (name === 'posts.delete' && param === real._id) continue;
        await expectNoServerError(maya.browser, route.method, url, { queries: ODD_QUERIES, bodies: ODD_BODIES });
      }
    }
    expect((await maya.browser.get(`/api/posts/${real._id}`)).statusCode).toBe(200);
  });
});

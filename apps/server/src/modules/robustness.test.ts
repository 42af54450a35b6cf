// Nothing a client can send to the identity, users and suggestions calls makes the server fail:
// every odd body, id and header gets a 4xx `{ message }` (or a success), never a 5xx.
import { describe, expect, it } from 'vitest';
import { routes, type RouteName } from '@pitlane/api/contract';
import { backends, useApp, useSmtpSink } from '../../test/harness.ts';
import { browser, person } from '../../test/browser.ts';

const sink = useSmtpSink();

// twoFactor: two-factor sign-in (issue 19), identity too.
const MINE = Object.keys(routes).filter((name) => /^(auth|users|suggestions|twoFactor)\./.test(name)) as RouteName[];

const ODD_BODIES: Array<{ payload: string; type: string }> = [
  { payload: '', type: 'application/json' },
  { payload: 'null', type: 'application/json' },
  { payload: '[]', type: 'application/json' },
  { payload: '"text"', type: 'application/json' },
  { payload: '{"email":{"$ne":1},"password":[1],"username":null,"otp":123456,"code":{},"state":5}', type: 'application/json' },
  { payload: `{"email":"${'a'.repeat(5000)}@x.io","password":"${'B@1b'.repeat(2000)}","otp":"${'9'.repeat(3000)}"}`, type: 'application/json' },
  { payload: '{"email":"maya@pitlane.test\\u0000","username":"\\ud800"}', type: 'application/json' },
  { payload: '{broken', type: 'application/json' },
  { payload: 'email=a@b.co', type: 'application/x-www-form-urlencoded' },
  { payload: '--x\r\nContent-Disposition: form-data; name="id"\r\n\r\n1\r\n--x--', type: 'multipart/form-data; boundary=x' },
  { payload: `--x\r\nContent-Disposition: form-data; name="username"\r\n\r\n${'a'.repeat(3000)}\r\n--x\r\nContent-Disposition: form-data; name="fullName"\r\n\r\nA\u0000B\r\n--x--`, type: 'multipart/form-data; boundary=x' },
  { payload: '--x\r\nContent-Disposition: form-data; name="profilePicture"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot a png\r\n--x--', type: 'multipart/form-data; boundary=x' },
];

const ODD_PARAMS = ['x', "'; drop table users; --", '%00', 'ü', '00000000-0000-0000-0000-000000000000', 'a'.repeat(300)];

describe.each(backends)('no 5xx from anything a client sends, on $name', (backend) => {
  const t = useApp(backend, { sink });

  it('answers every odd request to every identity, users and suggestions call below 500', async () => {
    const signedIn = (await person(t.app, sink, 'maya')).browser;
    const anonymous = browser(t.app);
    for (const b of [anonymous, signedIn]) {
      // Logging out would turn the signed-in browser into an anonymous one halfway through.
      for (const name of MINE.filter((n) => b === anonymous || n !== 'auth.logout')) {
        const route = routes[name];
        for (const param of route.path.includes(':') ? ODD_PARAMS : ['-']) {
          const url = route.path.replace(/:([A-Za-z]+)/g, () => encodeURIComponent(param));
          for (const body of route.method === 'GET' ? [null] : ODD_BODIES) {
            const response = await b.request(route.method, url, body ? { payload: body.payload, headers: { 'content-type': body.type } } : {});
            expect(response.statusCode, `${route.method} ${url} ${body?.payload.slice(0, 60) ?? ''}`).toBeLessThan(500);
            if (response.statusCode >= 400) expect(response.json()).toEqual({ message: expect.any(String) });
          }
        }
      }
    }
    // Maya is still there and signed in: none of that deleted or signed out anything by accident.
    expect((await signedIn.get('/api/auth/verify')).statusCode).toBe(200);
  });
});

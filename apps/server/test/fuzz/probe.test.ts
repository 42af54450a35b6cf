// The fuzzing's judge can fail: a 5xx, a refusal that is not a JSON `{ message }` and a refusal
// that changed a table are each reported; a success and a clean refusal are not.
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { changedTables, problemsOf } from './probe.ts';

const app = Fastify();
app.get('/broken', async (_request, reply) => reply.code(500).send({ message: 'Something went wrong.' }));
app.get('/text', async (_request, reply) => reply.code(400).type('text/plain').send('bad'));
app.get('/blank', async (_request, reply) => reply.code(404).send({ message: ' ' }));
app.get('/refused', async (_request, reply) => reply.code(403).send({ message: 'Only the author can edit this post.' }));
app.get('/fine', async () => ({ ok: true }));
afterAll(() => app.close());

const answer = (url: string) => app.inject({ method: 'GET', url });

describe('the fuzzing probe', () => {
  it('reports a 5xx, a refusal without a JSON { message }, and a refusal that changed a table', async () => {
    expect(problemsOf(await answer('/broken'), [], [])).toEqual(['answered 500: {"message":"Something went wrong."}']);
    expect(problemsOf(await answer('/text'), [], [])).toEqual(['a 400 answered "bad", not a JSON { message }']);
    expect(problemsOf(await answer('/blank'), [], [])).toEqual(['a 404 answered "{\\"message\\":\\" \\"}", not a JSON { message }']);
    expect(problemsOf(await answer('/refused'), ['posts', 'account_codes'], ['account_codes'])).toEqual(['a 403 changed posts']);
  });

  it('lets a success change what it changes, and a refusal with { message } that changed nothing pass', async () => {
    expect(problemsOf(await answer('/fine'), ['posts'], [])).toEqual([]);
    expect(problemsOf(await answer('/refused'), [], [])).toEqual([]);
  });

  it('tells which tables differ between two snapshots, one that appeared or went included', () => {
    expect(changedTables({ posts: 'a', users: 'b', gone: 'c' }, { posts: 'a', users: 'x', added: 'd' }).sort()).toEqual(['added', 'gone', 'users']);
  });
});

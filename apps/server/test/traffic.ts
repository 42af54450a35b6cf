// Pitlane traffic for reliability tests: people who comment on one post, post photos and read
// their feed and the comments, each request recorded by request-load.ts; and which of the
// writes were acknowledged, to look for them in the database afterwards.
import type { SmtpSink } from './browser.ts';
import { httpPerson, type HttpPerson } from './http-people.ts';
import { image } from './posts.ts';
import type { Action, Outcome } from './request-load.ts';

const photo = await image('jpeg', 32, 24);

/** A multipart post with one photo, as the create form sends it. */
function postForm(title: string): FormData {
  const form = new FormData();
  form.append('title', title);
  form.append('content', 'Written while the database restarts.');
  form.append('images', new Blob([new Uint8Array(photo.bytes)], { type: photo.type }), photo.name);
  return form;
}

/** Comments on `postId`, a post now and then, and the reads of a feed page and a comment list. */
export function actionsOn(postId: string, tag: string): Action[] {
  return [
    (person, n) => {
      const text = `${tag} comment ${person.username} #${n}`;
      return { action: 'comment', written: text, send: () => person.request('POST', `/api/comments/${postId}`, { text }) };
    },
    (person) => ({ action: 'feed', send: () => person.request('GET', '/api/posts/feed?page=1') }),
    (person, n) => {
      const title = `${tag} post ${person.username} #${n}`;
      return { action: 'post', written: title, send: () => person.request('POST', '/api/posts/create', postForm(title)) };
    },
    (person) => ({ action: 'comments', send: () => person.request('GET', `/api/comments/${postId}`) }),
  ];
}

export const isSuccess = (outcome: Outcome) => outcome.status >= 200 && outcome.status < 300;

/** What the acknowledged (2xx) requests of `action` wrote: each must be in the database. */
export const acknowledged = (outcomes: readonly Outcome[], action: string): string[] =>
  outcomes.filter((o) => o.action === action && isSuccess(o)).map((o) => o.written!);

/** Registers `handles` on the server at `url`; the first posts what everyone will comment on. */
export async function peopleWithAPost(url: string, sink: SmtpSink, handles: readonly string[]): Promise<{ people: HttpPerson[]; postId: string }> {
  const people: HttpPerson[] = [];
  for (const handle of handles) people.push(await httpPerson(url, sink, handle));
  const created = await people[0]!.request('POST', '/api/posts/create', postForm('The post everyone comments on'));
  if (created.status !== 201) throw new Error(`create answered ${created.status}: ${await created.text()}`);
  return { people, postId: ((await created.json()) as { _id: string })._id };
}

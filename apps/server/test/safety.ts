// Helpers for the block and mute tests (modules/safety): the four changes as the web app sends
// them. (What a caller sees of a refusal: communities.ts `answer`.)
import type { LightMyRequestResponse } from 'fastify';
import type { HideResult } from '@pitlane/api/contract';
import type { Browser } from './browser.ts';

type Who = { browser: Browser };
type Whom = { id: string };

const change = async (method: 'PUT' | 'DELETE', list: 'blocks' | 'mutes', who: Who, whom: Whom | string): Promise<LightMyRequestResponse> => {
  const id = typeof whom === 'string' ? whom : whom.id;
  return who.browser.request(method, `/api/${list}/${encodeURIComponent(id)}`, method === 'PUT' ? { payload: {} } : {});
};

export const block = (who: Who, whom: Whom | string) => change('PUT', 'blocks', who, whom);
export const unblock = (who: Who, whom: Whom | string) => change('DELETE', 'blocks', who, whom);
export const mute = (who: Who, whom: Whom | string) => change('PUT', 'mutes', who, whom);
export const unmute = (who: Who, whom: Whom | string) => change('DELETE', 'mutes', who, whom);

/** The change's answer, failing the test on anything but 200. */
export async function hidden(answer: Promise<LightMyRequestResponse>): Promise<HideResult> {
  const response = await answer;
  if (response.statusCode !== 200) throw new Error(`answered ${response.statusCode}: ${response.body}`);
  return response.json<HideResult>();
}

// What the behaviour suite needs from a backend. The mock target implements it over the fake;
// the server's tests implement it over a running server with an SMTP sink.
import type { ApiClient } from '../client/index.ts';

export interface BehaviourTarget {
  /**
   * A fresh typed client with its own cookies, as a separate browser would be. Build it with
   * `createApiClient({ baseUrl, fetch: withCookieJar(fetch).fetch })`.
   */
  newBrowser(): ApiClient;
  /** The last one-time code e-mailed to this address (registration, reset, account deletion). */
  readOtp(email: string): Promise<string>;
  /** An image the server accepts as an upload. Each call may return the same picture. */
  imageFile(name?: string): Blob;
  /**
   * Make a registered person a site operator (issue 18: never through the API; the server's
   * admin script or its database). Without it, the tests that need an operator are skipped.
   */
  makeOperator?(userId: string): Promise<void>;
  /** Called after each test. */
  close?(): void | Promise<void>;
}

/**
 * Called before every test. The suite assumes each test starts from an empty backend (no users,
 * posts or communities): trending, search and suggestions look at everything there is.
 */
/**
 * The parts of the suite. A server that does not serve every route yet runs the areas it has;
 * tests of other areas that need communities are then reported as skipped, not dropped.
 */
export type BehaviourArea = 'auth' | 'users' | 'posts' | 'comments' | 'communities' | 'notifications' | 'discovery' | 'garage' | 'safety' | 'moderation' | 'tags' | 'meets';
export const BEHAVIOUR_AREAS: readonly BehaviourArea[] = ['auth', 'users', 'posts', 'comments', 'communities', 'notifications', 'discovery', 'garage', 'safety', 'moderation', 'tags', 'meets'];

export type BehaviourTargetFactory = () => BehaviourTarget | Promise<BehaviourTarget>;

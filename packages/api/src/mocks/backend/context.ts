// What a route of the fake is given and answers: the raw request the HTTP layer hands over, the
// validated context each route's implementation runs with, and refusals.
import type { z } from 'zod';
import type { RouteName, Routes } from '../../contract/index.ts';
import type { MockUser } from '../state.ts';

/** The session cookie the fake (and the real server) sets. */
export const SESSION_COOKIE = 'pitlane_session';

/** What the HTTP layer hands to the fake: raw, unvalidated input. */
export interface MockRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** Parsed JSON for JSON routes; for multipart routes the text parts. */
  body?: unknown;
  /** Multipart file parts by name. */
  files?: Record<string, Blob[]>;
  /** The session cookie's value, if the request carried one. */
  session?: string | undefined;
}

export interface MockReply {
  status: number;
  body: unknown;
  /** A new session cookie value to set, or null to clear it; undefined leaves it alone. */
  session?: string | null;
  /** A download route's file name (`Content-Disposition`); its `body` is then the file's bytes. */
  fileName?: string;
}

type Output<T> = T extends z.ZodType ? z.output<T> : never;
type ParamsOf<N extends RouteName> = Routes[N] extends { params: infer P } ? Output<P> : Record<string, never>;
type QueryOf<N extends RouteName> = Routes[N] extends { query: infer Q } ? Output<Q> : Record<string, never>;
type BodyOf<N extends RouteName> = Routes[N] extends { body: { kind: 'json'; schema: infer S } }
  ? Output<S>
  : Routes[N] extends { body: { kind: 'multipart'; fields: infer F } }
    ? Output<F>
    : Record<string, never>;
type ResponseOf<N extends RouteName> = z.output<Routes[N]['response']>;

export interface Context<N extends RouteName> {
  params: ParamsOf<N>;
  query: QueryOf<N>;
  body: BodyOf<N>;
  files: Record<string, Blob[]>;
  /** The signed-in user; routes with `auth: true` only run with one. */
  viewer: MockUser;
  maybeViewer: MockUser | null;
  /** The session cookie this request came with, if any (active sessions, issue 19). */
  session: string | undefined;
  startSession(user: MockUser): void;
  endSession(): void;
  /** A download route names the file it answers (the data export). */
  attach(fileName: string): void;
}

export type Implementation = { [N in RouteName]: (ctx: Context<N>) => ResponseOf<N> | Promise<ResponseOf<N>> };

/** A refusal: the route answers `status` with `{ message }`. */
export class Refusal extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export function refuse(status: number, message: string): never {
  throw new Refusal(status, message);
}

/** The implementations of one domain's routes: those named `<domain>.…`. */
export type DomainRoutes<D extends string> = Pick<Implementation, Extract<RouteName, `${D}.${string}`>>;

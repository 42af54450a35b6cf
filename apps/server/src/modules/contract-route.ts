// Registering a route from the contract's route table (`@pitlane/api/contract` `routes[name]`):
// method, path, params/query/body schemas and the response schema all come from there, so
// validation and serialization are the contract's. Handlers get typed, parsed input.
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { z } from 'zod';
import { routes, type RouteDefinition, type RouteName, type Routes } from '@pitlane/api/contract';
import { requireSession, type Viewer } from './auth/sessions.ts';

export type ParamsOf<N extends RouteName> = Routes[N] extends { params: infer P extends z.ZodType } ? z.output<P> : Record<string, never>;
export type QueryOf<N extends RouteName> = Routes[N] extends { query: infer Q extends z.ZodType } ? z.output<Q> : Record<string, never>;
export type BodyOf<N extends RouteName> = Routes[N] extends { body: { kind: 'json'; schema: infer S extends z.ZodType } } ? z.output<S> : undefined;
/** What a handler returns: the input of the response schema (the serializer parses it). */
export type ReplyOf<N extends RouteName> = z.input<Routes[N]['response']>;

export interface RouteContext<N extends RouteName> {
  request: FastifyRequest;
  reply: FastifyReply;
  params: ParamsOf<N>;
  query: QueryOf<N>;
  body: BodyOf<N>;
  /** The signed-in user; always present on routes with `auth: true` (others answer 401 first). */
  viewer: Routes[N]['auth'] extends true ? Viewer : Viewer | null;
}

export interface ContractRouteOptions {
  /** Per-client (IP) limit of this route (@fastify/rate-limit). */
  rateLimit?: RateLimitOptions;
  /** Runs after validation, before the handler (e.g. a per-address limit that reads the body). */
  preHandler?: preHandlerHookHandler;
}

/**
 * A reply already serialized as JSON in the shape of the route's response schema (post cards and
 * pages that PostgreSQL builds, modules/posts/cards.ts): sent as it is, without being parsed and
 * serialized again. Outside production every such reply is still checked against the contract:
 * it must parse and come out of the schema unchanged (no missing, wrong or extra fields).
 */
export class JsonText {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

function checkAgainstContract(name: RouteName, definition: RouteDefinition, text: string): void {
  const sent: unknown = JSON.parse(text);
  const parsed = definition.response.safeParse(sent);
  if (!parsed.success || !isDeepStrictEqual(parsed.data, sent)) {
    throw new Error(`${name}: the JSON sent does not match the contract's response: ${parsed.success ? 'fields differ' : parsed.error.message}`);
  }
}

/** `/api/auth/login` → `/auth/login`: the modules are registered under the `/api` prefix. */
export function localPath(path: string): string {
  return path.replace(/^\/api(?=\/)/, '');
}

export function contractRoute<N extends RouteName>(
  app: FastifyInstance,
  name: N,
  options: ContractRouteOptions,
  handler: (context: RouteContext<N>) => Promise<ReplyOf<N> | JsonText>,
): void {
  const checkJson = app.config.env !== 'production';
  const definition: RouteDefinition = routes[name];
  const schema: FastifySchema = { response: { [definition.status ?? 200]: definition.response } };
  if (definition.params) schema.params = definition.params;
  if (definition.query) schema.querystring = definition.query;
  if (definition.body?.kind === 'json') schema.body = definition.body.schema;

  const onRequest: onRequestHookHandler[] = definition.auth ? [requireSession] : [];
  app.route({
    method: definition.method,
    url: localPath(definition.path),
    schema,
    onRequest,
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    ...(options.rateLimit ? { config: { rateLimit: options.rateLimit } } : {}),
    handler: async (request, reply) => {
      const result = await handler({
        request,
        reply,
        params: request.params as ParamsOf<N>,
        query: request.query as QueryOf<N>,
        body: request.body as BodyOf<N>,
        viewer: request.viewer as RouteContext<N>['viewer'],
      });
      if (definition.status) reply.code(definition.status);
      if (result instanceof JsonText) {
        if (checkJson) checkAgainstContract(name, definition, result.text);
        // A string with a JSON content type skips the route's serializer.
        return reply.type('application/json; charset=utf-8').send(result.text);
      }
      return result;
    },
  });
}

// The OpenAPI 3.1 document, generated from the route table (the server serves it at /api/docs).
import { z } from 'zod';
import { routes, type RouteDefinition } from './routes.ts';
import { ErrorBody } from './schemas.ts';

type JsonSchema = Record<string, unknown>;

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
}

/** `/api/posts/:id` → `/api/posts/{id}` */
export const toOpenApiPath = (path: string): string => path.replace(/:([A-Za-z]+)/g, '{$1}');

function parameters(schema: z.ZodObject | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const json = schemaOf(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

function requestBody(definition: RouteDefinition): JsonSchema | undefined {
  const body = definition.body;
  if (!body) return undefined;
  if (body.kind === 'json') {
    return { required: true, content: { 'application/json': { schema: schemaOf(body.schema, 'input') } } };
  }
  const fields = schemaOf(body.fields, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  const properties: Record<string, JsonSchema> = { ...fields.properties };
  const required = [...(fields.required ?? [])];
  for (const [name, file] of Object.entries(body.files)) {
    const binary = { type: 'string', contentMediaType: 'application/octet-stream' };
    properties[name] = file.multiple
      ? { type: 'array', items: binary, ...(file.minCount !== undefined && { minItems: file.minCount }), ...(file.maxCount !== undefined && { maxItems: file.maxCount }) }
      : binary;
    if (file.required) required.push(name);
  }
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: { type: 'object', properties, required },
        encoding: Object.fromEntries(Object.entries(body.files).map(([name, file]) => [name, { contentType: file.accept }])),
      },
    },
  };
}

export interface OpenApiOptions {
  title?: string;
  version?: string;
  /** Server URL; same origin when omitted. */
  serverUrl?: string;
}

export function openApiDocument(options: OpenApiOptions = {}) {
  const errorSchema = schemaOf(ErrorBody, 'output');
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, definition] of Object.entries(routes) as [string, RouteDefinition][]) {
    const path = toOpenApiPath(definition.path);
    const responses: Record<string, unknown> = {
      [String(definition.status ?? 200)]: {
        description: 'Success',
        content: definition.download
          ? { [definition.download.contentType]: { schema: { type: 'string', contentMediaType: definition.download.contentType } } }
          : { 'application/json': { schema: schemaOf(definition.response, 'output') } },
      },
    };
    for (const status of definition.errors) {
      responses[String(status)] = { description: 'Error', content: { 'application/json': { schema: errorSchema } } };
    }
    const body = requestBody(definition);
    paths[path] ??= {};
    paths[path][definition.method.toLowerCase()] = {
      operationId: name,
      tags: [definition.tag],
      summary: definition.summary,
      ...(definition.auth && { security: [{ sessionCookie: [] }] }),
      parameters: [...parameters(definition.params, 'path'), ...parameters(definition.query, 'query')],
      ...(body && { requestBody: body }),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: options.title ?? 'Pitlane API', version: options.version ?? '1.0.0' },
    servers: [{ url: options.serverUrl ?? '/' }],
    components: {
      securitySchemes: { sessionCookie: { type: 'apiKey', in: 'cookie', name: 'session' } },
    },
    paths,
  };
}

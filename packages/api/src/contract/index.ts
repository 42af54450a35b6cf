// @pitlane/api/contract: the single source of truth the server, client, mocks and UI speak.
// Importable without React: schemas, the route table, constants, messages and rules.
export * from './constants.ts';
export * from './messages.ts';
export * from './validation.ts';
export * from './tag.ts';
export * from './rich-text.ts';
export * from './schemas.ts';
export * from './garage.ts';
export * from './meets.ts';
export * from './endpoints.ts';
export * from './paths.ts';
export * from './routes.ts';
export * from './openapi.ts';

// Users and posts matching a query (spec §7, /api/search).
import { z } from 'zod';
import { at } from '../endpoints.ts';
import { SearchResults } from '../schemas.ts';
import { route } from './define.ts';

export const searchRoutes = {
  'search.query': route({
    ...at('search.query'), tag: 'search', auth: true,
    summary: 'Users and posts matching a query.',
    query: z.object({ q: z.string() }),
    response: SearchResults, errors: [401],
  }),
} as const;

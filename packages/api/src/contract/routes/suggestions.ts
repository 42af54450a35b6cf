// Who to follow and which communities to join (spec §7, /api/suggestions).
import { at } from '../endpoints.ts';
import { Suggestions } from '../schemas.ts';
import { route } from './define.ts';

export const suggestionsRoutes = {
  'suggestions.list': route({
    ...at('suggestions.list'), tag: 'suggestions', auth: true,
    summary: 'Users to follow and communities to join.',
    response: Suggestions, errors: [401],
  }),
} as const;

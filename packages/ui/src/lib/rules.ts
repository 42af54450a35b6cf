import { isValidCommunity, REFUSAL_MESSAGES } from '@pitlane/api/contract';
import type { FormRule } from './form.ts';

/**
 * Create and Edit Community: the contract's `isValidCommunity` (a name; a description of at most
 * 300 characters), worded as the server refuses what it refuses.
 */
export const communityRule: FormRule<{ name: string; description: string }> = (values) => {
  if (isValidCommunity(values)) return null;
  if (values.name.trim() === '') return REFUSAL_MESSAGES.communityNameRequired;
  return values.description.trim() === '' ? REFUSAL_MESSAGES.communityDescriptionRequired : REFUSAL_MESSAGES.communityDescriptionTooLong;
};

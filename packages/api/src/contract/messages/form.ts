// Spec §5's inline status words and form-level messages, exactly as the spec quotes them.
// One of the contract's message files (../messages.ts says why they are apart).

/** Inline field status words (spec §5). */
export const STATUS = {
  available: 'Available',
  taken: 'Taken',
  error: 'Error',
  invalidFormat: 'Invalid format',
  registered: 'Registered',
  strong: 'Strong',
  weak: 'Weak',
  looksGood: 'Looks good',
  invalidName: 'Invalid name',
} as const;
export type StatusWord = (typeof STATUS)[keyof typeof STATUS];

/** Form-level messages (spec §5). */
export const FORM_MESSAGES = {
  fixErrors: 'Please fix the errors before proceeding.',
  passwordsDoNotMatch: 'Passwords do not match.',
  titleAndContentRequired: 'Title and content are required.',
  selectAtLeastOneImage: 'Please select at least one image to upload.',
  maxImagesOnCreate: 'You can only upload a maximum of 5 images.',
  maxImagesOnEdit: 'You can only have a maximum of 5 images in a post.',
  profileUpdated: 'Profile updated successfully!',
  accountDeleted: 'Your account has been successfully deleted.',
} as const;

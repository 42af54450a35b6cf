// Spec §5 status words and form messages, and the §8 fallback messages, exactly as the spec
// quotes them. The UI shows these; the server and mocks use the same words where they answer.

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

/** Fallback messages of spec §8, used when an error reply carries no `message`. */
export const FALLBACK_MESSAGES = {
  providerLoginFailed: (provider: string) => `${provider} login failed. Please try again.`,
  loginFailed: 'Login failed.',
  registrationFailed: 'Registration failed.',
  verificationFailed: 'Verification failed.',
  sendOtpFailed: 'Failed to send OTP.',
  resetPasswordFailed: 'Failed to reset password.',
  postCommentFailed: 'Could not post comment.',
  deleteCommentFailed: 'Could not delete comment.',
  genericError: 'An error occurred.',
  createPostFailed: 'Failed to create post.',
  updatePostFailed: 'Failed to update post.',
  fetchPostForEditFailed: 'Failed to fetch post data.',
  feedFailed: 'Failed to fetch your feed. Follow some users to see their posts here!',
  postDetailFailed: 'Failed to fetch post. It may have been deleted or the link is incorrect.',
  relatedPostsFailed: 'Failed to load related posts.',
  followFailed: 'Something went wrong. Please try again.',
  profileUpdateFailed: 'Update failed.',
  deletionOtpFailed: 'Failed to send OTP.',
  deletionFailed: 'Deletion failed.',
  createCommunityFailed: 'Failed to create community.',
  deleteCommunityFailed: 'Failed to delete community.',
  clearNotificationsFailed: 'Could not delete notifications. Please try again.',
} as const;

/** Missing-resource messages (spec §8). The server answers 404 with these. */
export const NOT_FOUND_MESSAGES = {
  user: 'User not found.',
  community: 'Community not found.',
  post: 'Post not found.',
} as const;

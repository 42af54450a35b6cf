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
  // Beyond the spec: saved posts (issue 21).
  savePostFailed: 'Could not save the post. Please try again.',
  unsavePostFailed: 'Could not remove the post from Saved. Please try again.',
  savedPostsFailed: 'Could not load your saved posts.',
  // Beyond the spec: the garage (issue 17).
  garageFailed: 'Could not load the garage.',
  carFailed: 'Could not load this car. It may have been removed or the link is incorrect.',
  saveCarFailed: 'Could not save the car. Please try again.',
  deleteCarFailed: 'Could not remove the car. Please try again.',
  timelineFailed: 'Could not load the build log.',
  saveLogEntryFailed: 'Could not save the log entry. Please try again.',
  deleteLogEntryFailed: 'Could not delete the log entry. Please try again.',
  modelFailed: 'Could not load the cars of this model.',
  modelPostsFailed: 'Could not load the posts of this model.',
  carPickerFailed: 'Could not load the list. Type the name instead.',
  // Beyond the spec: block and mute (issue 18).
  blockFailed: 'Could not block this person. Please try again.',
  unblockFailed: 'Could not unblock this person. Please try again.',
  muteFailed: 'Could not mute this person. Please try again.',
  unmuteFailed: 'Could not unmute this person. Please try again.',
  hiddenListFailed: 'Could not load the list.',
  // Beyond the spec: reports and moderation (issue 18).
  reportFailed: 'Could not send the report. Please try again.',
  moderationQueueFailed: 'Could not load the reports.',
  moderationLogFailed: 'Could not load the moderation log.',
  moderationActionFailed: 'That did not work. Please try again.',
  // Beyond the spec: tags (issue 21).
  tagPostsFailed: 'Could not load the posts of this tag.',
  trendingTagsFailed: 'Could not load the trending tags.',
  // Beyond the spec: active sessions (issue 19).
  sessionsFailed: 'Could not load your sessions.',
  endSessionFailed: 'Could not log out that session. Please try again.',
  endOtherSessionsFailed: 'Could not log out the other sessions. Please try again.',
  dataExportFailed: 'Could not prepare your data. Please try again.',
  twoFactorFailed: 'Could not load your two-factor settings.',
  twoFactorActionFailed: 'That did not work. Please try again.',
  // Beyond the spec: meets (issue 21).
  meetsFailed: 'Could not load the meets.',
  meetFailed: 'Could not load this meet. It may have been removed or the link is incorrect.',
  saveMeetFailed: 'Could not save the meet. Please try again.',
  cancelMeetFailed: 'Could not cancel the meet. Please try again.',
  rsvpFailed: 'Could not save your answer. Please try again.',
  attendeesFailed: 'Could not load the list.',
} as const;

/** Missing-resource messages (spec §8). The server answers 404 with these. */
export const NOT_FOUND_MESSAGES = {
  user: 'User not found.',
  community: 'Community not found.',
  post: 'Post not found.',
  car: 'Car not found.',
  logEntry: 'Log entry not found.',
  meet: 'Meet not found.',
  // Block (issue 18): what someone who blocked the viewer, and what they wrote, answer to the viewer.
  profileUnavailable: 'This profile is not available.',
  postUnavailable: 'This post is not available.',
  carUnavailable: 'This car is not available.',
  meetUnavailable: 'This meet is not available.',
  // Moderation (issue 18): a case whose reports were all handled already (by another moderator).
  noOpenReports: 'There are no open reports on this any more.',
  // Active sessions (issue 19): an id that is not one of the viewer's sessions, someone else's too.
  session: 'Session not found.',
} as const;

/**
 * Refusals the server (and the mock backend) answer in `{ message }`: whole sentences the UI can
 * show as they are. The inline field statuses above stay the short §5 words.
 */
export const REFUSAL_MESSAGES = {
  // Validation (spec §5).
  weakPassword: 'Password must be at least 8 characters and include upper- and lower-case letters, a digit and one of @$!%*?&.',
  weakProfilePassword: 'A new password must be at least 8 characters and include upper- and lower-case letters, a digit and one of @$!%*?&.',
  invalidFullName: 'Full name must be at least 2 characters and contain only letters and spaces.',
  invalidUsername: 'Username may contain only lower-case letters, digits, underscores and dots.',
  invalidEmail: 'Enter a valid e-mail address.',
  emailAndPasswordRequired: 'Enter your e-mail address and password.',
  otpRequired: 'Enter the verification code.',
  commentRequired: 'Write something before posting a comment.',
  commentTooLong: 'A comment can be at most 300 characters.',
  communityNameRequired: 'A community needs a name.',
  communityDescriptionRequired: 'A community needs a description.',
  communityDescriptionTooLong: 'A community description can be at most 300 characters.',
  invalidPage: 'Page must be a whole number, starting at 1.',
  invalidTag: 'A tag is made of letters, digits and underscores, at most 50 of them.',
  invalidRequest: 'The request is not valid.',
  notAnImage: 'Only image files can be uploaded.',
  photoDescriptionTooLong: 'A photo description can be at most 1,000 characters.',
  photoDescriptionsMismatch: 'Send one description per photo, in the order of the photos.',
  photoDescriptionsRequired: 'Describe every photo before posting: your settings require a description on each photo.',
  // Auth.
  notSignedIn: 'Please log in to continue.',
  wrongCredentials: 'Invalid email or password.',
  usernameTaken: 'That username is already taken.',
  emailRegistered: 'That e-mail address is already registered.',
  invalidOtp: 'The verification code is invalid or has expired.',
  providerCodeInvalid: 'The sign-in code is invalid or has expired.',
  // Users.
  cannotFollowSelf: "You can't follow yourself.",
  editOwnProfileOnly: 'You can only edit your own profile.',
  // Block and mute (issue 18).
  cannotBlockSelf: "You can't block yourself.",
  cannotMuteSelf: "You can't mute yourself.",
  youBlockedThem: 'You blocked this person. Unblock them to do that.',
  theyBlockedYou: 'This person is not available.',
  // Reports and moderation (issue 18).
  reportReasonRequired: 'Choose why you are reporting this.',
  reportDetailsRequired: 'Tell the moderators what is wrong.',
  reportDetailsTooLong: 'A report can be at most 500 characters.',
  cannotReportOwn: 'You cannot report yourself or what you wrote.',
  alreadyReported: 'You already reported this. The moderators will look at it.',
  moderationReasonRequired: 'Tell the author why.',
  moderationReasonTooLong: 'A reason can be at most 500 characters.',
  moderatorsOnly: 'Only the community’s creator or a site operator can review these reports.',
  operatorsOnly: 'Only site operators can do that.',
  cannotSuspendSelf: 'You cannot suspend your own account.',
  cannotSuspendOperator: 'An operator’s account cannot be suspended.',
  accountSuspended: 'This account is suspended.',
  // Active sessions (issue 19).
  cannotEndCurrentSession: 'This is the session you are using. Log out to end it.',
  // Data export (issue 19).
  dataExportTooSoon: 'You downloaded your data a moment ago. Please wait a minute and try again.',
  // Two-factor sign-in (issue 19).
  twoFactorCodeRequired: 'Enter the 6-digit code from your authenticator app.',
  twoFactorCodeOrRecoveryCode: 'Enter the code from your authenticator app or one of your recovery codes.',
  twoFactorCodeWrong: 'That code is not right. Check your authenticator app and try again.',
  recoveryCodeWrong: 'That recovery code is not right, or it was used already.',
  twoFactorChallengeExpired: 'This sign-in has expired. Please enter your e-mail and password again.',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on.',
  twoFactorNotOn: 'Two-factor sign-in is not on.',
  twoFactorSetupFirst: 'Start the setup again: scan the new QR code, then enter its code.',
  // Posts and comments.
  editOwnPostOnly: 'Only the author can edit this post.',
  deletePostForbidden: 'Only the author or the community’s creator can delete this post.',
  deleteCommentForbidden: 'Only the comment’s author, the post’s author or the community’s creator can delete this comment.',
  joinToPost: 'Join the community to post in it.',
  commentNotFound: 'Comment not found.',
  // Communities.
  communityNameTaken: 'A community with that name already exists.',
  alreadyMember: 'You are already a member of this community.',
  notMember: 'You are not a member of this community.',
  userNotMember: 'That user is not a member of this community.',
  creatorOnly: 'Only the community’s creator can do that.',
  creatorCannotLeave: 'The creator cannot leave the community.',
  creatorCannotBeRemoved: 'The creator cannot be removed from the community.',
  // The garage (issue 17).
  carMakeRequired: 'Choose the car’s make from the list, or type its name.',
  carModelRequired: 'Choose the car’s model from the list, or type its name.',
  unknownCarMake: 'That make is not in the list. Choose one from the list, or type its name.',
  unknownCarModel: 'That model is not in the list for this make. Choose one from the list, or type its name.',
  carNameTooLong: 'A make or model name can be at most 40 characters.',
  carYearOutOfRange: 'Enter the year the car was built, from 1886 to next year.',
  carTrimTooLong: 'A trim or nickname can be at most 60 characters.',
  carColourTooLong: 'A colour can be at most 40 characters.',
  carDescriptionTooLong: 'A car’s description can be at most 500 characters.',
  garageFull: 'A garage can hold at most 100 cars.',
  editOwnCarOnly: 'Only the owner can change this car.',
  carNotInGarage: 'You can only tag a post with one of your own cars.',
  logTitleRequired: 'A log entry needs a title.',
  logTitleTooLong: 'A log entry’s title can be at most 100 characters.',
  logTextTooLong: 'A log entry can be at most 2,000 characters.',
  invalidLogDate: 'Enter a valid date (YYYY-MM-DD), from 1886 on.',
  invalidMileage: 'Mileage must be a whole number from 0 to 9,999,999.',
  invalidCost: 'Cost must be an amount from 0 to 9,999,999.99, with at most two decimals.',
  invalidCurrency: 'Choose a currency from the list.',
  tooManyLogPhotos: 'A log entry can have at most 5 photos.',
  // Meets (issue 21).
  meetTitleRequired: 'A meet needs a title.',
  meetTitleTooLong: 'A meet’s title can be at most 100 characters.',
  meetDescriptionTooLong: 'A meet’s description can be at most 2,000 characters.',
  meetAddressRequired: 'Say where the meet is: an address or the name of the place.',
  meetAddressTooLong: 'An address can be at most 200 characters.',
  invalidMeetTime: 'Enter a date and a time for the start and the end.',
  unknownTimeZone: 'Unknown time zone. Choose one from the list.',
  meetEndsBeforeStart: 'The meet must end after it starts.',
  meetStartsInPast: 'The meet cannot start in the past.',
  meetTooFarAhead: 'A meet can be planned at most two years ahead.',
  meetCoordinatesPair: 'Give both the latitude and the longitude, or neither.',
  invalidLatitude: 'Latitude must be a number from -90 to 90.',
  invalidLongitude: 'Longitude must be a number from -180 to 180.',
  membersCreateMeets: 'Only members can create meets in this community.',
  editOwnMeetOnly: 'Only the meet’s creator can change it.',
  cancelMeetForbidden: 'Only the meet’s creator or the community’s creator can cancel it.',
  meetCancelled: 'This meet has been cancelled.',
  meetEnded: 'This meet has ended.',
  invalidRsvp: 'Answer going or interested, or take your answer back.',
} as const;

/** Success replies of calls that answer `{ message }`. */
export const SUCCESS_MESSAGES = {
  otpSent: 'A verification code has been sent to your e-mail.',
  registered: 'Registration successful! You can now log in.',
  resetOtpSent: 'If an account uses this e-mail, a password reset code has been sent to it.',
  passwordReset: 'Your password has been reset. You can now log in.',
  deleteOtpSent: 'A confirmation code has been sent to your e-mail.',
  accountDeleted: 'Your account has been deleted.',
  loggedOut: 'Logged out.',
  postDeleted: 'Post deleted.',
  commentDeleted: 'Comment deleted.',
  communityDeleted: 'Community deleted.',
  notificationsRead: 'All notifications marked as read.',
  notificationsCleared: 'All notifications deleted.',
  carDeleted: 'Car removed from the garage.',
  logEntryDeleted: 'Log entry deleted.',
  // Reports and moderation (issue 18).
  reportSent: 'Thanks for telling us. The moderators will look at it.',
  reportsDismissed: 'Reports dismissed.',
  contentRemoved: 'Removed. The author was told why.',
  accountSuspended: 'Account suspended.',
  suspensionLifted: 'Suspension lifted.',
  // Active sessions (issue 19).
  sessionEnded: 'Signed out of that session.',
  otherSessionsEnded: 'Signed out of the other sessions.',
  // Two-factor sign-in (issue 19).
  twoFactorOff: 'Two-factor sign-in is off.',
} as const;

/**
 * Why something is reported (issue 18), as the report dialog lists them; `other` asks for the
 * reporter's own words.
 */
export const REPORT_REASON_LABELS = {
  spam: 'Spam',
  harassment: 'Harassment or hate',
  stolen_photo: 'Stolen photo',
  dangerous_driving: 'Dangerous driving',
  other: 'Something else',
} as const;

// Spec §5 validation rules as pure functions: the UI shows their status words, the server and
// the mocks refuse what they refuse.
import {
  FULL_NAME_MIN_LENGTH,
  MAX_COMMENT_LENGTH,
  MAX_COMMUNITY_DESCRIPTION_LENGTH,
  MAX_PHOTO_DESCRIPTION_LENGTH,
  MAX_POST_IMAGES,
  MIN_POST_IMAGES,
  PASSWORD_MIN_LENGTH,
} from './constants.ts';
import { FORM_MESSAGES, REFUSAL_MESSAGES, STATUS } from './messages.ts';

/** On input: lowercase, then drop every character other than a–z, 0–9, underscore and dot. */
export function normalizeUsername(input: string): string {
  return input.toLowerCase().replace(/[^a-z0-9_.]/g, '');
}

/** A username is valid when it is non-empty and already in normal form. */
export function isValidUsername(username: string): boolean {
  return username.length > 0 && normalizeUsername(username) === username;
}

// The {email} shape: something@something.tld, no spaces, one @.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailShape(email: string): boolean {
  return EMAIL_SHAPE.test(email);
}

export type EmailFormatStatus = typeof STATUS.invalidFormat | null;
/** Register's first e-mail check on blur: "Invalid format", or null when the shape is right. */
export function emailFormatStatus(email: string): EmailFormatStatus {
  return isEmailShape(email) ? null : STATUS.invalidFormat;
}

/** The server-side availability answers, worded for the field's status line. */
export function usernameAvailabilityStatus(result: { available: boolean } | 'error'): typeof STATUS.available | typeof STATUS.taken | typeof STATUS.error {
  if (result === 'error') return STATUS.error;
  return result.available ? STATUS.available : STATUS.taken;
}

/** E-mail availability: "Registered" when in use; null (no status) when free; "Error" when the check failed. */
export function emailAvailabilityStatus(result: { available: boolean } | 'error'): typeof STATUS.registered | typeof STATUS.error | null {
  if (result === 'error') return STATUS.error;
  return result.available ? null : STATUS.registered;
}

const SPECIAL = /[@$!%*?&]/;
const ONLY_ALLOWED_ON_REGISTER = /^[A-Za-z\d@$!%*?&]+$/;

function meetsStrength(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && /[a-z]/.test(password) && /[A-Z]/.test(password) && /\d/.test(password) && SPECIAL.test(password);
}

/** Register: strong rules, and only letters, digits and @$!%*?& are allowed. */
export function isStrongRegisterPassword(password: string): boolean {
  return meetsStrength(password) && ONLY_ALLOWED_ON_REGISTER.test(password);
}

/** Edit Profile: optional (empty is valid); otherwise the strength rules with any characters allowed. */
export function isValidProfilePassword(password: string): boolean {
  return password === '' || meetsStrength(password);
}

export type PasswordStatus = typeof STATUS.strong | typeof STATUS.weak;
export function passwordStatus(password: string, variant: 'register' | 'profile'): PasswordStatus {
  const ok = variant === 'register' ? isStrongRegisterPassword(password) : isValidProfilePassword(password);
  return ok ? STATUS.strong : STATUS.weak;
}

const FULL_NAME = /^[\p{L} ]+$/u;
/** Letters and spaces only, at least 2 characters (spaces alone do not make a name). */
export function isValidFullName(name: string): boolean {
  return name.trim().length >= FULL_NAME_MIN_LENGTH && FULL_NAME.test(name);
}

export type FullNameStatus = typeof STATUS.looksGood | typeof STATUS.invalidName;
export function fullNameStatus(name: string): FullNameStatus {
  return isValidFullName(name) ? STATUS.looksGood : STATUS.invalidName;
}

/** Reset password: the confirmation must match, else "Passwords do not match.". */
export function passwordsMatchError(newPassword: string, confirmPassword: string): string | null {
  return newPassword === confirmPassword ? null : FORM_MESSAGES.passwordsDoNotMatch;
}

/** A comment is sent only when it has non-whitespace text and fits the limit. */
export function isSendableComment(text: string): boolean {
  return text.trim().length > 0 && text.length <= MAX_COMMENT_LENGTH;
}

/** Create post: the first message that applies, or null when the post may be sent. */
export function createPostError(input: { title: string; content: string; imageCount: number }): string | null {
  if (input.title.trim() === '' || input.content.trim() === '') return FORM_MESSAGES.titleAndContentRequired;
  if (input.imageCount < MIN_POST_IMAGES) return FORM_MESSAGES.selectAtLeastOneImage;
  if (input.imageCount > MAX_POST_IMAGES) return FORM_MESSAGES.maxImagesOnCreate;
  return null;
}

/** Edit post: kept existing images plus new ones must total at most 5. */
export function editPostError(input: { title: string; content: string; keptImageCount: number; newImageCount: number }): string | null {
  if (input.title.trim() === '' || input.content.trim() === '') return FORM_MESSAGES.titleAndContentRequired;
  if (input.keptImageCount + input.newImageCount > MAX_POST_IMAGES) return FORM_MESSAGES.maxImagesOnEdit;
  return null;
}

/**
 * A post's photo descriptions (alt text), one per photo in order: the first message that
 * applies, or null. `required` is the author's "Require descriptions on my photos": then every
 * photo needs one. The form, the server and the mock backend all ask this.
 */
export function photoDescriptionsError(descriptions: readonly string[], options: { required: boolean }): string | null {
  if (descriptions.some((text) => text.trim().length > MAX_PHOTO_DESCRIPTION_LENGTH)) return REFUSAL_MESSAGES.photoDescriptionTooLong;
  if (options.required && descriptions.some((text) => text.trim() === '')) return REFUSAL_MESSAGES.photoDescriptionsRequired;
  return null;
}

/** Community: name required; description required and at most 300 characters. */
export function isValidCommunity(input: { name: string; description: string }): boolean {
  const description = input.description.trim();
  return input.name.trim() !== '' && description !== '' && input.description.length <= MAX_COMMUNITY_DESCRIPTION_LENGTH;
}

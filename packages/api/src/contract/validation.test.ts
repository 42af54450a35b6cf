import { describe, expect, it } from 'vitest';
import {
  createPostError,
  editPostError,
  emailAvailabilityStatus,
  emailFormatStatus,
  fullNameStatus,
  isSendableComment,
  isValidCommunity,
  normalizeUsername,
  passwordStatus,
  passwordsMatchError,
  photoDescriptionsError,
  usernameAvailabilityStatus,
} from './validation.ts';
import { unreadBadgeText } from './constants.ts';

describe('username', () => {
  it('lowercases and drops everything but a–z, 0–9, underscore and dot', () => {
    expect(normalizeUsername('Drift_King.86!')).toBe('drift_king.86');
    expect(normalizeUsername('GT 3 RS-Fan')).toBe('gt3rsfan');
    expect(normalizeUsername('Émile@Pit')).toBe('milepit');
  });

  it('reads availability as "Available", "Taken" or "Error"', () => {
    expect(usernameAvailabilityStatus({ available: true })).toBe('Available');
    expect(usernameAvailabilityStatus({ available: false })).toBe('Taken');
    expect(usernameAvailabilityStatus('error')).toBe('Error');
  });
});

describe('e-mail (register)', () => {
  it('shows "Invalid format" for a wrong shape and nothing for a right one', () => {
    expect(emailFormatStatus('nina@pitlane.test')).toBeNull();
    expect(emailFormatStatus('nina@pitlane')).toBe('Invalid format');
    expect(emailFormatStatus('nina pitlane.test')).toBe('Invalid format');
    expect(emailFormatStatus('')).toBe('Invalid format');
  });

  it('shows "Registered" when the address is used and "Error" when the check fails', () => {
    expect(emailAvailabilityStatus({ available: false })).toBe('Registered');
    expect(emailAvailabilityStatus({ available: true })).toBeNull();
    expect(emailAvailabilityStatus('error')).toBe('Error');
  });
});

describe('password', () => {
  it('register: "Strong" needs 8+ characters with lower, upper, digit and one of @$!%*?&', () => {
    expect(passwordStatus('Apex@2024', 'register')).toBe('Strong');
    expect(passwordStatus('Ap@2024', 'register')).toBe('Weak'); // 7 characters
    expect(passwordStatus('apex@2024', 'register')).toBe('Weak'); // no upper
    expect(passwordStatus('APEX@2024', 'register')).toBe('Weak'); // no lower
    expect(passwordStatus('Apex@abcd', 'register')).toBe('Weak'); // no digit
    expect(passwordStatus('Apex12024', 'register')).toBe('Weak'); // no special
  });

  it('register: any other character makes it "Weak"', () => {
    expect(passwordStatus('Apex@2024#', 'register')).toBe('Weak');
    expect(passwordStatus('Apex@ 2024', 'register')).toBe('Weak');
  });

  it('edit profile: any characters allowed, and empty counts as valid', () => {
    expect(passwordStatus('Apex@2024#', 'profile')).toBe('Strong');
    expect(passwordStatus('', 'profile')).toBe('Strong');
    expect(passwordStatus('short', 'profile')).toBe('Weak');
    expect(passwordStatus('', 'register')).toBe('Weak');
  });

  it('reset: the confirmation must match', () => {
    expect(passwordsMatchError('Apex@2024', 'Apex@2024')).toBeNull();
    expect(passwordsMatchError('Apex@2024', 'Apex@2025')).toBe('Passwords do not match.');
  });
});

describe('full name', () => {
  it('"Looks good" for letters and spaces, at least 2 characters; otherwise "Invalid name"', () => {
    expect(fullNameStatus('Nina Rossi')).toBe('Looks good');
    expect(fullNameStatus('Jo')).toBe('Looks good');
    expect(fullNameStatus('J')).toBe('Invalid name');
    expect(fullNameStatus('R2 D2')).toBe('Invalid name');
    expect(fullNameStatus('Nina-Rossi')).toBe('Invalid name');
    expect(fullNameStatus('  ')).toBe('Invalid name');
  });
});

describe('comments, posts and communities', () => {
  it('sends only non-blank comments of at most 300 characters', () => {
    expect(isSendableComment('Clean build!')).toBe(true);
    expect(isSendableComment('   ')).toBe(false);
    expect(isSendableComment('x'.repeat(300))).toBe(true);
    expect(isSendableComment('x'.repeat(301))).toBe(false);
  });

  it('create post: title and content, then 1 to 5 images', () => {
    expect(createPostError({ title: ' ', content: 'x', imageCount: 1 })).toBe('Title and content are required.');
    expect(createPostError({ title: 'E30', content: '', imageCount: 1 })).toBe('Title and content are required.');
    expect(createPostError({ title: 'E30', content: 'x', imageCount: 0 })).toBe('Please select at least one image to upload.');
    expect(createPostError({ title: 'E30', content: 'x', imageCount: 6 })).toBe('You can only upload a maximum of 5 images.');
    expect(createPostError({ title: 'E30', content: 'x', imageCount: 5 })).toBeNull();
  });

  it('edit post: kept plus new images at most 5', () => {
    expect(editPostError({ title: 'E30', content: 'x', keptImageCount: 3, newImageCount: 2 })).toBeNull();
    expect(editPostError({ title: 'E30', content: 'x', keptImageCount: 3, newImageCount: 3 })).toBe('You can only have a maximum of 5 images in a post.');
    expect(editPostError({ title: '', content: 'x', keptImageCount: 1, newImageCount: 0 })).toBe('Title and content are required.');
  });

  it('community: name and description required, description at most 300', () => {
    expect(isValidCommunity({ name: 'JDM Legends', description: 'Imports.' })).toBe(true);
    expect(isValidCommunity({ name: ' ', description: 'Imports.' })).toBe(false);
    expect(isValidCommunity({ name: 'JDM', description: '' })).toBe(false);
    expect(isValidCommunity({ name: 'JDM', description: 'x'.repeat(301) })).toBe(false);
  });
});

describe('unread badge', () => {
  it('hides at 0, shows the count up to 9 and "9+" above', () => {
    expect(unreadBadgeText(0)).toBeNull();
    expect(unreadBadgeText(1)).toBe('1');
    expect(unreadBadgeText(9)).toBe('9');
    expect(unreadBadgeText(10)).toBe('9+');
  });
});

describe('photo descriptions (alt text)', () => {
  it('are optional unless the person requires them; blank counts as none', () => {
    expect(photoDescriptionsError(['Red E30 at Spa', ''], { required: false })).toBeNull();
    expect(photoDescriptionsError([], { required: true })).toBeNull();
    expect(photoDescriptionsError(['Red E30 at Spa', 'Rear wing'], { required: true })).toBeNull();
    expect(photoDescriptionsError(['Red E30 at Spa', '   '], { required: true })).toBe('Describe every photo before posting: your settings require a description on each photo.');
  });

  it('are at most 1,000 characters once trimmed, whatever the setting', () => {
    expect(photoDescriptionsError([` ${'x'.repeat(1000)} `], { required: true })).toBeNull();
    expect(photoDescriptionsError(['x'.repeat(1001), ''], { required: true })).toBe('A photo description can be at most 1,000 characters.');
    expect(photoDescriptionsError(['x'.repeat(1001)], { required: false })).toBe('A photo description can be at most 1,000 characters.');
  });
});

// One of the contract's message files (../messages.ts says why they are apart).

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

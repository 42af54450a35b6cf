// What people write when they report something (issue 18): the reason they pick and, when they
// bother, a line of details. `other` always has details (the product requires them).
import type { ReportReason } from '@pitlane/api/contract';

export interface ReportWords {
  reason: ReportReason;
  details: string;
}

/** A post in a community: someone driving like an idiot on a public road, a lifted photo. */
export const COMMUNITY_POST_REPORTS: readonly (readonly ReportWords[])[] = [
  [
    { reason: 'dangerous_driving', details: 'Burnout leaving the car park with people standing right there. This is how meets get shut down.' },
    { reason: 'dangerous_driving', details: '' },
  ],
  [{ reason: 'stolen_photo', details: 'My photo from the spring meet: same car, same angle, my watermark cropped off the corner.' }],
];

/** A comment in a community. */
export const COMMUNITY_COMMENT_REPORTS: readonly ReportWords[] = [
  { reason: 'harassment', details: 'Third thread this week where they pile on the same member. Please have a look.' },
];

/** A post on someone's profile. */
export const PROFILE_POST_REPORTS: readonly ReportWords[] = [
  { reason: 'spam', details: 'Same replica-wheel shop link in every post, nothing to do with the car.' },
  { reason: 'stolen_photo', details: '' },
];

/** A comment on a profile post. */
export const PROFILE_COMMENT_REPORTS: readonly ReportWords[] = [{ reason: 'harassment', details: 'Rude about my car for no reason, and not the first time.' }];

/** A person. */
export const PERSON_REPORTS: readonly ReportWords[] = [
  { reason: 'spam', details: 'Every comment they leave links to the same "cheap coilovers" site.' },
  { reason: 'spam', details: '' },
];

/** A report the operator dismissed: a disagreement, not a breach of anything. */
export const DISMISSED_REPORTS: readonly ReportWords[] = [
  { reason: 'other', details: 'Says the car is original paint. It has clearly been resprayed, the door shuts give it away.' },
];

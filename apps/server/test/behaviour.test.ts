// The contract's behaviour suite runs against the real server in behaviour/, a file per group of
// areas named after them (behaviour/areas.ts), so that Vitest's workers share it. This checks
// that those files run every area of the suite exactly once: an area the contract adds fails
// here until a file runs it.
import { describe, expect, it } from 'vitest';
import { BEHAVIOUR_AREAS } from '@pitlane/api/behaviour';
import { areasOfFile, behaviourFiles } from './behaviour/areas.ts';

describe('the behaviour suite on the server', () => {
  it('runs every area of the contract in exactly one file of test/behaviour/', () => {
    const run = behaviourFiles().flatMap(areasOfFile);
    expect(run.toSorted()).toEqual(BEHAVIOUR_AREAS.toSorted());
  });
});

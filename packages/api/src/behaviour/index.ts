// @pitlane/api/behaviour: the behaviour suite and what a target needs to run it.
export { describeApiBehaviour } from './suite.ts';
export { withCookieJar, type CookieJarFetch } from './cookie-jar.ts';
export { BEHAVIOUR_AREAS, type BehaviourArea, type BehaviourTarget, type BehaviourTargetFactory } from './target.ts';
export type { BehaviourOptions } from './suite.ts';
export { samplePngFile } from '../mocks/images.ts';

// @pitlane/api/behaviour: the behaviour suite and what a target needs to run it.
export { describeApiBehaviour } from './suite.ts';
export { withCookieJar, type CookieJarFetch } from './cookie-jar.ts';
export type { BehaviourTarget, BehaviourTargetFactory } from './target.ts';
export { samplePngFile } from '../mocks/images.ts';

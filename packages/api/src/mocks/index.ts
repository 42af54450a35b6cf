// @pitlane/api/mocks: a stateful fake backend, MSW 3 handlers over it, fixtures and the helpers
// stories use to put it in any state.
//
//   const backend = createMockBackend(fixtures.standard());
//   msw.use(...handlers(backend));                       // everything answers from the fake
//   msw.use(failRoute('posts.feed', 500, 'Server down')); // …except this call
export { mockApi } from './story.ts';
export { createMockBackend, Refusal, SESSION_COOKIE, type MockBackend, type MockReply, type MockRequest } from './backend.ts';
export { failRoute, handlers, neverRespond, routeHandler, slowRoute, type HandlerOptions, type OverrideOptions } from './handlers.ts';
export { fetchThroughHandlers, MOCK_ORIGIN } from './fetch.ts';
export { asOperator, FIXTURE, FIXTURE_NOW, FIXTURE_PASSWORD, FIXTURE_PHOTO_DESCRIPTIONS, fixtures, makeComment, makeCommunity, makeNotification, makePost, makeUser, type FixtureOptions } from './fixtures.ts';
export { makeCar, makeLogEntry } from './fixtures-garage.ts';
export { FIXTURE_MEETS, makeMeet, withMeets } from './fixtures-meets.ts';
export { FIXTURE_SESSIONS } from './fixtures-sessions.ts';
export { MOCK_TWO_FACTOR_CODE, MOCK_TWO_FACTOR_SECRET } from './backend/two-factor.ts';
export { FIXTURE_RECOVERY_CODES, withTwoFactor } from './fixtures-two-factor.ts';
export { CAR_LIST, MOCK_CAR_MAKES, MOCK_CAR_MODELS } from './car-list.ts';
export { avatarImage, carImage, coverImage, samplePngFile, type CarImageOptions, type CarShape } from './images.ts';
export { emptySeed, type MockBlock, type MockComment, type MockCar, type MockCarLogEntry, type MockCommunity, type MockFollow, type MockModerationAction, type MockMeet, type MockMeetRsvp, type MockMute, type MockNotification, type MockReport, type MockPost, type MockSeed, type MockSession, type MockTwoFactor, type MockUser } from './state.ts';

// @vitest-environment node
// The behaviour suite against the mock backend, through its MSW handlers.
import { describeApiBehaviour } from './suite.ts';
import { createMockTarget } from './mock-target.ts';

describeApiBehaviour('API behaviour (mock backend)', createMockTarget);

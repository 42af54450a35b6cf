// The unit project's set-up. Testing Library's waitFor/findBy give up after 1 s by default; on a
// 2-core CI machine that runs the story suite's Chromium beside this project, a file's first
// render can take longer (CI on 2026-11-25: the first two tests of hooks/mutations.test.tsx
// timed out at ~1 s under test:clock). Waiting longer never lets a wrong assertion pass: it only
// stops load from failing a right one.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5_000 });

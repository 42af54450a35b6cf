// The unit project's set-up.
import { ReadableStream, TransformStream, WritableStream } from 'node:stream/web';
import { configure } from '@testing-library/react';

// Testing Library's waitFor/findBy give up after 1 s by default; on a 2-core CI machine that runs
// the story suite's Chromium beside this project, a file's first render can take longer (CI on
// 2026-11-25: the first two tests of hooks/mutations.test.tsx timed out at ~1 s under test:clock).
// Waiting longer never lets a wrong assertion pass: it only stops load from failing a right one.
configure({ asyncUtilTimeout: 5_000 });

// The project runs in vmThreads: one jsdom per worker instead of one per file (building jsdom 26
// times was half the project's time: 111 s → 33 s on a loaded 2-core machine). A vm context lacks
// the WHATWG streams Node has as globals, which MSW's interceptors use; lend it Node's own.
for (const [name, value] of Object.entries({ ReadableStream, TransformStream, WritableStream })) {
  if (!(name in globalThis)) Object.defineProperty(globalThis, name, { value, writable: true, configurable: true });
}

// Spec §5 status words and form messages, and the §8 fallback messages, exactly as the spec
// quotes them. The UI shows these; the server and mocks use the same words where they answer.
//
// Each kind of message is a file of its own under messages/ (each sentence still in one place),
// re-exported here, so importers name them as before. Apart, a page's bundle holds only the kinds
// its code uses: the first pages use only the fallback messages, and the refusals alone were
// most of the 3.8 KB gzip every page loaded (issue 22).
export * from './messages/form.ts';
export * from './messages/fallback.ts';
export * from './messages/not-found.ts';
export * from './messages/sign-in-refusals.ts';
export * from './messages/refusals.ts';
export * from './messages/success.ts';
export * from './messages/report-reasons.ts';

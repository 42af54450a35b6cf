// What `@pitlane/ui/renderer-fixes` is on React (scripts/renderer.ts): nothing to change.
export {};

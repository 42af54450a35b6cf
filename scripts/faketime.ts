/** Debian's libfaketime wrapper: runs a command with the clock moved (scripts/test-clock.ts). */
export const FAKETIME = '/usr/bin/faketime';

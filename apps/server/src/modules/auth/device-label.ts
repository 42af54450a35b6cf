// A session's device label (issue 19, active sessions): browser and system from the User-Agent
// at sign-in, coarse enough to recognise ("Chrome on Linux") and no more — no versions, no
// device models. Parsing is bowser's (MIT), not ours.
import Bowser from 'bowser';

/** Longer than any label bowser makes; a cap on what a made-up User-Agent can make us store. */
const MAX_LABEL = 80;

/** "Chrome on Linux", "Safari" or "iOS" alone when only one is known; null when neither is. */
export function deviceLabel(userAgent: string | undefined): string | null {
  if (!userAgent?.trim()) return null;
  const { browser, os } = Bowser.parse(userAgent);
  const parts = [browser.name, os.name].map((part) => part?.trim()).filter((part): part is string => Boolean(part));
  if (parts.length === 0) return null;
  return parts.join(' on ').slice(0, MAX_LABEL);
}

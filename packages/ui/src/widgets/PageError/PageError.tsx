import { errorMessage } from '@pitlane/api/client';

export interface PageErrorProps {
  /** What the read failed with: the server's message is said first (spec §8). */
  error: unknown;
  /** Said when the server gave no message, e.g. "Meet not found.". */
  fallback: string;
}

/**
 * A page whose subject did not load (a car, a community, a meet: not found, not theirs to see):
 * the message is the page's heading, so the page still says what it is.
 */
export function PageError({ error, fallback }: PageErrorProps) {
  return (
    <div role="alert" className="py-10 text-center">
      <h1 className="text-base font-medium">{errorMessage(error, fallback)}</h1>
    </div>
  );
}

import { ModerationQueue } from '@pitlane/ui';
import { ModerationHeading } from './moderation-tabs.tsx';

/**
 * The site's moderation queue (issue 18, `/moderation`): reports outside communities (profile
 * posts, their comments, people), for operators. Anyone else reads the server's refusal.
 */
export default function ModerationPage() {
  return (
    <section aria-labelledby="moderation-heading" className="mx-auto w-full max-w-[720px] px-3 py-4 md:px-6 md:py-6">
      <ModerationHeading />
      <ModerationQueue scope="site" />
    </section>
  );
}

import { ModerationLog } from '@pitlane/ui';
import { ModerationHeading } from './moderation-tabs.tsx';

/** The moderation log (issue 18, `/moderation/log`): every action, newest first, for operators. */
export default function ModerationLogPage() {
  return (
    <section aria-labelledby="moderation-heading" className="mx-auto w-full max-w-[720px] px-3 py-4 md:px-6 md:py-6">
      <ModerationHeading />
      <ModerationLog />
    </section>
  );
}

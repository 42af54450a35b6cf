import { SavedPostList } from '@pitlane/ui';

/** Saved (issue 21): the signed-in person's saved posts, newest saved first; nobody else sees them. */
export default function SavedPage() {
  return (
    <section aria-labelledby="saved-heading" className="mx-auto w-full max-w-[640px] px-3 py-4 md:px-6 md:py-6">
      <h1 id="saved-heading" className="mb-4 px-1 text-2xl font-bold tracking-tight">
        Saved
      </h1>
      <SavedPostList />
    </section>
  );
}

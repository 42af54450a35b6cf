import { useParams } from 'wouter';
import { ModelCarGrid, ModelPostList } from '@pitlane/ui';

/**
 * A model's page (`/cars/{make}/{model}`, issue 17): every car of that model in the network, then
 * the posts tagged to them, each list paging as it scrolls. Make and model are matched without
 * regard to case, so the list's names and typed ones meet on one page.
 */
export default function CarModelPage() {
  const { make = '', model = '' } = useParams();
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-8 px-4 py-6 md:py-8">
      <ModelCarGrid make={make} model={model} />
      <section aria-labelledby="model-posts-heading" className="flex flex-col gap-3">
        <h2 id="model-posts-heading" className="text-lg font-semibold">
          Posts
        </h2>
        <ModelPostList make={make} model={model} className="mx-auto w-full max-w-[640px]" />
      </section>
    </div>
  );
}

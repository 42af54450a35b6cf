import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { paths, SEARCH_DEBOUNCE_MS } from '@pitlane/api/contract';
import { errorMessage } from '@pitlane/api/client';
import { useSearch } from '@pitlane/api/hooks';
import { Avatar, CarCard, PostGrid, SearchField, Spinner, staticPostPages, TagChip, TrendingGrid, TrendingTags, TrendingTile } from '@pitlane/ui';

/**
 * Discover (spec §2): the trending grid; typing in the search box (debounced 500 ms) swaps it for
 * the Users and Posts results (and, issue 17, the Cars whose make, model, trim or year match),
 * and clearing the box brings the trending grid back. Issue 21: the trending tags above the grid,
 * and the tags starting with the search among the results.
 */
export default function DiscoverPage() {
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  // Clearing returns to trending at once; only typing waits for the debounce.
  const searching = text.trim() !== '' && query !== '';

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-3 py-4 md:px-6 md:py-6">
      <h1 className="text-2xl font-bold tracking-tight">Discover</h1>
      <SearchField landmark label="Search" placeholder="Search for users or posts..." value={text} onChange={(event) => setText(event.target.value)} />
      {searching ? (
        <SearchResults query={query} />
      ) : (
        <>
          <TrendingTags />
          <TrendingGrid />
        </>
      )}
    </div>
  );
}

function SearchResults({ query }: { query: string }) {
  const search = useSearch(query);
  if (search.isPending) {
    return (
      <div className="grid place-items-center py-12">
        <Spinner label="Searching" />
      </div>
    );
  }
  if (search.isError) {
    return (
      <p role="alert" className="py-8 text-center text-sm">
        {errorMessage(search.error, 'Search failed. Please try again.')}
      </p>
    );
  }
  const { users, posts, cars = [], tags = [] } = search.data;
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="search-users" className="flex flex-col gap-2">
        <h2 id="search-users" className="text-lg font-semibold">
          Users
        </h2>
        {users.length === 0 ? (
          <p className="text-sm text-muted-foreground">No users found.</p>
        ) : (
          <ul className="flex flex-col divide-y rounded-lg bg-surface shadow-card">
            {users.map((user) => (
              <li key={user._id}>
                <Link to={paths.profile(user.username)} className="flex items-center gap-3 px-4 py-3 hover:bg-surface-sunken">
                  <Avatar name={user.fullName} src={user.profilePictureUrl} alt="" />
                  <span className="flex min-w-0 flex-col">
                    <span className="truncate font-semibold">{user.fullName}</span>
                    <span className="truncate text-sm text-muted-foreground">@{user.username}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="search-tags" className="flex flex-col gap-2">
        <h2 id="search-tags" className="text-lg font-semibold">
          Tags
        </h2>
        {tags.length === 0 ? (
          <p className="text-sm text-muted-foreground">No tags found.</p>
        ) : (
          <ul aria-label="Tags found" className="flex flex-wrap gap-2">
            {tags.map(({ tag, postCount }) => (
              <li key={tag} className="flex min-w-0">
                <TagChip tag={tag} postCount={postCount} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="search-cars" className="flex flex-col gap-2">
        <h2 id="search-cars" className="text-lg font-semibold">
          Cars
        </h2>
        {cars.length === 0 ? (
          <p className="text-sm text-muted-foreground">No cars found.</p>
        ) : (
          <ul aria-label="Cars found" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {cars.map((car) => (
              <li key={car._id} className="flex">
                <CarCard car={car} showOwner headingLevel="h3" className="flex-1" />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="search-posts" className="flex flex-col gap-2">
        <h2 id="search-posts" className="text-lg font-semibold">
          Posts
        </h2>
        <PostGrid
          query={staticPostPages(posts)}
          label="Posts found"
          emptyText="No posts found."
          endText={null}
          renderTile={(post, index) => <TrendingTile post={post} eager={index < 4} />}
        />
      </section>
    </div>
  );
}

/** `value`, once it has stopped changing for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

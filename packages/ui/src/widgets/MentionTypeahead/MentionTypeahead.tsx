import * as React from 'react';

/** A field people write in: a post's content (textarea) or a comment (input). */
export type TypeaheadField = HTMLInputElement | HTMLTextAreaElement;

export interface MentionTypeaheadProps {
  /** The field to watch; the caller renders it (inside its own Field, with its own value). */
  field: React.RefObject<TypeaheadField | null>;
  /**
   * Where the list opens: under the field (Create/Edit Post) or over it (a comment field at the
   * bottom of a card or a dialog, where there is no room below). The caller's wrapper around the
   * field is `relative`.
   */
  placement?: 'above' | 'below';
  className?: string;
}

const TypeaheadList = React.lazy(() => import('./TypeaheadList.tsx'));

/**
 * Type-ahead for mentions and tags (issue 21): typing `@` and letters offers people, `#` and
 * letters offers tags, and choosing one writes `@username ` or `#tag ` in place of the word.
 * The list's code (and its queries) is fetched when the field is first focused, so the pages
 * that show comment fields on every card (the feed) do not load it up front; what is typed
 * before it arrives is read when it does. A form that is itself loaded lazily (PostForm) renders
 * TypeaheadList directly, ready on the first `@`.
 */
export function MentionTypeahead({ field, ...props }: MentionTypeaheadProps) {
  const [wanted, setWanted] = React.useState(false);
  React.useEffect(() => {
    const element = field.current;
    if (!element || wanted) return;
    const load = () => setWanted(true);
    element.addEventListener('focus', load);
    return () => element.removeEventListener('focus', load);
  }, [field, wanted]);
  if (!wanted) return null;
  return (
    <React.Suspense fallback={null}>
      <TypeaheadList field={field} {...props} />
    </React.Suspense>
  );
}

import { lazyWhenOpened } from '../../lib/lazy-when-opened.tsx';
import type { CommentsModalProps } from './CommentsModal.tsx';

/** The comments modal as a feed card's "View all [n] comments" opens it: fetched when first needed. */
export const LazyCommentsModal = lazyWhenOpened<CommentsModalProps>(() => import('./CommentsModal.tsx').then((module) => module.CommentsModal));

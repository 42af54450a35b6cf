import { lazyWhenOpened } from '../../lib/lazy-when-opened.tsx';
import type { ConfirmDialogProps } from './ConfirmDialog.tsx';

/**
 * The confirmation dialog where a page's first load holds it (the layout's Logout, a post card's
 * and a comment's Delete): fetched when first needed, so the Radix dialog stays off that load.
 */
export const LazyConfirmDialog = lazyWhenOpened<ConfirmDialogProps>(() => import('./ConfirmDialog.tsx').then((module) => module.ConfirmDialog));

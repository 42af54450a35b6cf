import { lazyWhenOpened } from '../../lib/lazy-when-opened.tsx';
import type { MobileMenuProps } from './MobileMenu.tsx';

/** The mobile menu's bottom sheet as the layout holds it: fetched when first needed. */
export const LazyMobileMenu = lazyWhenOpened<MobileMenuProps>(() => import('./MobileMenu.tsx').then((module) => module.MobileMenu));

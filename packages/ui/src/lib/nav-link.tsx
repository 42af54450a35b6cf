import type * as React from 'react';
import { Link, useLocation } from 'wouter';

export interface NavLinkProps extends Omit<React.ComponentProps<'a'>, 'href' | 'className' | 'children'> {
  to: string;
  /** Active on `to` only, not on the pages under it too. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
  children?: React.ReactNode | ((state: { isActive: boolean }) => React.ReactNode);
}

/** wouter's paths are decoded as `decodeURI` decodes them; the contract's links are encoded. */
function decoded(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/**
 * A link to a page that says whether that page is the one open, as React Router's NavLink did:
 * active (its class and children told so, and `aria-current="page"`) on `to` and the pages under
 * it (`/moderation` on `/moderation/log`), or with `end` on `to` only. Without regard to case, as
 * the routes match. The query of `to` is not compared.
 */
export function NavLink({ to, end = false, className, children, ...props }: NavLinkProps) {
  const [location] = useLocation();
  const here = location.toLowerCase();
  const target = decoded(to.split('?')[0] ?? to).toLowerCase();
  // `/` is active on `/` only; a `to` ending in a slash looks for that slash.
  const slash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const isActive = here === target || (!end && here.startsWith(target) && here.charAt(slash) === '/');
  return (
    <Link
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
      {...props}
    >
      {typeof children === 'function' ? children({ isActive }) : children}
    </Link>
  );
}

import * as React from 'react';
import { cn } from '../../lib/cn.ts';
import { Logo } from '../../primitives/Logo/Logo.tsx';
import { authBackgroundUrl } from './auth-background.ts';

export interface AuthLayoutProps extends React.ComponentProps<'div'> {
  /**
   * The artwork on the right. Defaults to our own drawing (asphalt, a racing-red line, the
   * coupé); the server will serve one as media later, and its URL goes here.
   */
  imageUrl?: string;
  /** The form: LoginForm, RegisterForm or ForgotPasswordForm. */
  children: React.ReactNode;
}

/**
 * The frame of the login, register and forgot-password screens (spec §2, §9): the form takes
 * the left 30% and the artwork the right 70%; below 900 px the artwork is hidden and the form
 * takes the whole width.
 */
export function AuthLayout({ imageUrl = authBackgroundUrl, className, children, ...props }: AuthLayoutProps) {
  return (
    <div data-slot="auth-layout" className={cn('flex min-h-dvh bg-background', className)} {...props}>
      {/* 30%, but never narrower than a comfortable form: between 900 px and 1200 px 30% would
          squeeze the fields below 270 px, so the column keeps 360 px and the artwork gives way. */}
      <main data-slot="auth-form-column" className="flex w-full flex-col auth:w-[30%] auth:min-w-[360px]">
        <div className="mx-auto flex w-full max-w-sm flex-1 flex-col px-6 py-8">
          <Logo size="md" className="self-start" />
          <div className="flex flex-1 flex-col justify-center py-8">{children}</div>
        </div>
      </main>
      {/* Decoration only: nothing in it is for reading, so it is hidden from assistive technology. */}
      <div
        data-slot="auth-artwork"
        aria-hidden
        className="sticky top-0 hidden h-dvh min-w-0 flex-1 self-start overflow-hidden bg-asphalt auth:block"
      >
        {/* Lazy: below 900 px the artwork is hidden, and a hidden lazy image is never fetched. */}
        <img src={imageUrl} alt="" loading="lazy" className="size-full object-cover" />
      </div>
    </div>
  );
}

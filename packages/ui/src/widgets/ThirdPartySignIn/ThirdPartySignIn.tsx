import * as React from 'react';
import { cn } from '../../lib/cn.ts';
import { Button } from '../../primitives/Button/Button.tsx';

/** The configured third-party identity provider: its display name and how to start its flow. */
export interface ThirdPartyProvider {
  /** Display name, e.g. "Google": the button reads "Sign in with Google". */
  name: string;
  /** Starts the provider's authorization-code flow (usually a redirect to the provider). */
  onSignIn: () => void;
}

export interface ThirdPartySignInProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  /** Absent when no provider is configured: then nothing renders, divider included. */
  provider?: ThirdPartyProvider | null;
}

/**
 * "Sign in with [provider]" and the "Or with email" divider above the e-mail form (spec §2,
 * Login and Register step 1). Hidden entirely when the server has no provider configured.
 */
export function ThirdPartySignIn({ provider, className, ...props }: ThirdPartySignInProps) {
  if (!provider) return null;
  return (
    <div data-slot="third-party-sign-in" className={cn('flex flex-col gap-5', className)} {...props}>
      <Button variant="outline" size="lg" block onClick={provider.onSignIn}>
        Sign in with {provider.name}
      </Button>
      <div className="flex items-center gap-3 text-sm text-muted-foreground">
        <span aria-hidden className="h-px flex-1 bg-border" />
        Or with email
        <span aria-hidden className="h-px flex-1 bg-border" />
      </div>
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { FALLBACK_MESSAGES } from '@pitlane/api/contract';
import { useProviderInfo, useProviderLogin } from '@pitlane/api/hooks';
import { AuthLayout, LoginForm, Spinner } from '@pitlane/ui';
import { useHistoryState } from '../app/location.tsx';
import { useThirdPartyProvider, type LoginNotice } from '../app/third-party.ts';

/**
 * Login (spec §2). Also where the identity provider sends the browser back
 * (`/login?code=…&state=…`): the page then finishes the code flow.
 *
 * Either way a successful login only stores the user in the session; the page's `PublicOnly`
 * guard then goes on (to the feed, or back to where the person was). Navigating from here as
 * well would race the session: the next page could render before the session says signed in,
 * and bounce back through the login page.
 */
export default function LoginPage() {
  const loginNotice = useHistoryState<LoginNotice>();
  const provider = useThirdPartyProvider();
  const { returning, challenge } = useProviderReturn();

  return (
    <AuthLayout>
      {returning ? (
        <div role="status" className="flex flex-col items-center gap-4 text-center text-muted-foreground">
          <Spinner />
          <p>Signing you in...</p>
        </div>
      ) : (
        <div className="flex flex-col gap-6">
          {loginNotice?.notice ? (
            <p role="status" className="rounded-md border border-border bg-surface-sunken px-4 py-3 text-sm">
              {loginNotice.notice}
            </p>
          ) : null}
          {/* `challenge`: the provider's sign-in of an account with two-factor sign-in (issue 19). */}
          <LoginForm key={challenge ?? 'password'} provider={provider} challenge={challenge} />
        </div>
      )}
    </AuthLayout>
  );
}

/**
 * The provider's return: posts `{ code, state }` once (signed in, the guard goes to the feed); on
 * failure the §8 alert and the plain login page (without the spent code in the address).
 * `returning` while this is under way; `challenge` when the account asks for its two-factor code.
 */
function useProviderReturn(): { returning: boolean; challenge: string | null } {
  const [params, setParams] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  const providerError = params.get('error');
  const returning = code !== null || providerError !== null;
  const info = useProviderInfo();
  const providerLogin = useProviderLogin();
  const started = useRef(false);
  const [challenge, setChallenge] = useState<string | null>(null);

  useEffect(() => {
    if (!returning || started.current || info.isPending) return;
    started.current = true;
    const provider = info.data;
    const fail = () => {
      window.alert(FALLBACK_MESSAGES.providerLoginFailed(provider?.name ?? 'Sign-in'));
      setParams({}, { replace: true });
    };
    // The provider said no (e.g. the person cancelled), or there is no provider to finish with.
    if (!provider || code === null) return fail();
    providerLogin.mutate(
      { provider: provider.id, code, state: state ?? undefined },
      {
        onSuccess: (reply) => {
          if (!('challenge' in reply)) return;
          setChallenge(reply.challenge);
          setParams({}, { replace: true });
        },
        onError: fail,
      },
    );
  }, [returning, code, state, info.isPending, info.data, providerLogin, setParams]);

  return { returning, challenge };
}

import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { FALLBACK_MESSAGES } from '@pitlane/api/contract';
import { useProviderInfo, useProviderLogin } from '@pitlane/api/hooks';
import { AuthLayout, LoginForm, Spinner } from '@pitlane/ui';
import type { LoginNotice } from '../app/guards.tsx';
import { afterLoginPath, useThirdPartyProvider } from '../app/third-party.ts';

/**
 * Login (spec §2). Also where the identity provider sends the browser back
 * (`/login?code=…&state=…`): the page then finishes the code flow and goes to the feed.
 */
export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const { notice, from } = (location.state as LoginNotice | null) ?? {};
  const provider = useThirdPartyProvider();
  const returning = useProviderReturn();

  return (
    <AuthLayout>
      {returning ? (
        <div role="status" className="flex flex-col items-center gap-4 text-center text-muted-foreground">
          <Spinner />
          <p>Signing you in...</p>
        </div>
      ) : (
        <div className="flex flex-col gap-6">
          {notice ? (
            <p role="status" className="rounded-md border border-border bg-surface-sunken px-4 py-3 text-sm">
              {notice}
            </p>
          ) : null}
          <LoginForm provider={provider} onLoggedIn={() => navigate(afterLoginPath(from), { replace: true })} />
        </div>
      )}
    </AuthLayout>
  );
}

/**
 * The provider's return: posts `{ code, state }` once, then the feed; on failure the §8 alert and
 * the plain login page (without the spent code in the address). True while this is under way.
 */
function useProviderReturn(): boolean {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  const providerError = params.get('error');
  const returning = code !== null || providerError !== null;
  const info = useProviderInfo();
  const providerLogin = useProviderLogin();
  const started = useRef(false);

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
      { onSuccess: () => navigate('/feeds', { replace: true }), onError: fail },
    );
  }, [returning, code, state, info.isPending, info.data, providerLogin, navigate, setParams]);

  return returning;
}

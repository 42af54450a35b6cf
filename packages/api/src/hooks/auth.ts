// Sign-in, registration and password reset. Login calls store the user in the session.
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ApiClient, RouteInput } from '../client/index.ts';
import { useApiClient } from './api-context.tsx';
import { queryKeys } from './query-keys.ts';
import { useSession } from './session.tsx';

/** The auth reads as query options, for the hook and for prefetching with the same key. */
export const authQueries = {
  providerInfo: (client: ApiClient) =>
    queryOptions({
      queryKey: queryKeys.auth.providerInfo(),
      queryFn: async ({ signal }) => (await client.call('auth.providerInfo', undefined, { signal })).provider,
      staleTime: Infinity,
    }),
};

/**
 * Sign-in with e-mail and password. Signed in at once (the session stores the user), or, on an
 * account with two-factor sign-in, answers `{ twoFactorRequired, challenge }`: the form then asks
 * for the code and finishes with `useLoginTwoFactor`.
 */
export function useLogin() {
  const client = useApiClient();
  const { login } = useSession();
  return useMutation({
    mutationFn: (body: RouteInput<'auth.login'>['body']) => client.call('auth.login', { body }),
    onSuccess: (reply) => {
      if ('user' in reply) login(reply.user);
    },
  });
}

/** The second step of a sign-in: the challenge with a code from the app or a recovery code. */
export function useLoginTwoFactor() {
  const client = useApiClient();
  const { login } = useSession();
  return useMutation({
    mutationFn: (body: RouteInput<'auth.loginTwoFactor'>['body']) => client.call('auth.loginTwoFactor', { body }),
    onSuccess: ({ user }) => login(user),
  });
}

/**
 * The configured third-party provider (`{ id, name, startUrl }`), or `null` when there is none.
 * It does not change while the app runs, so it is fetched once.
 */
export function useProviderInfo() {
  return useQuery(authQueries.providerInfo(useApiClient()));
}

/**
 * Third-party sign-in: `provider` is the provider's id (its name in lower case), `code` the
 * authorization code and `state` the state the provider sent back with it.
 */
export function useProviderLogin() {
  const client = useApiClient();
  const { login } = useSession();
  return useMutation({
    mutationFn: ({ provider, code, state }: { provider: string; code: string; state?: string }) =>
      client.call('auth.provider', { params: { provider: provider.toLowerCase() }, body: { code, state } }),
    // With two-factor sign-in the reply is the challenge instead: the page asks for the code.
    onSuccess: (reply) => {
      if ('user' in reply) login(reply.user);
    },
  });
}

export function useLogout() {
  const { logout } = useSession();
  return useMutation({ mutationFn: logout });
}

export function useCheckUsername() {
  const client = useApiClient();
  return useMutation({ mutationFn: (username: string) => client.call('auth.checkUsername', { body: { username } }) });
}

export function useCheckEmail() {
  const client = useApiClient();
  return useMutation({ mutationFn: (email: string) => client.call('auth.checkEmail', { body: { email } }) });
}

export function useSendOtp() {
  const client = useApiClient();
  return useMutation({ mutationFn: (body: RouteInput<'auth.sendOtp'>['body']) => client.call('auth.sendOtp', { body }) });
}

export function useVerifyOtp() {
  const client = useApiClient();
  return useMutation({ mutationFn: (body: RouteInput<'auth.verifyOtp'>['body']) => client.call('auth.verifyOtp', { body }) });
}

export function useForgotPassword() {
  const client = useApiClient();
  return useMutation({ mutationFn: (body: RouteInput<'auth.forgotPassword'>['body']) => client.call('auth.forgotPassword', { body }) });
}

export function useResetPassword() {
  const client = useApiClient();
  return useMutation({ mutationFn: (body: RouteInput<'auth.resetPassword'>['body']) => client.call('auth.resetPassword', { body }) });
}

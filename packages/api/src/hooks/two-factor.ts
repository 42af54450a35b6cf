// Two-factor sign-in (issue 19, Edit Profile): whether it is on, setting it up (a new secret, then
// a code from the app turns it on and answers the recovery codes), turning it off and new
// recovery codes. Each change writes the new status into the cache, then reads it again.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorStatus } from '../contract/index.ts';
import type { ApiClient, RouteInput } from '../client/index.ts';
import { useApiClient } from './api-context.tsx';
import { queryKeys } from './query-keys.ts';

export const twoFactorQueries = {
  status: (client: ApiClient) =>
    queryOptions({ queryKey: queryKeys.twoFactor.status(), queryFn: ({ signal }) => client.call('twoFactor.status', undefined, { signal }) }),
};

/** `{ enabled, recoveryCodesLeft }` of the viewer. */
export function useTwoFactorStatus() {
  return useQuery(twoFactorQueries.status(useApiClient()));
}

function useStatusAfter(status: (recoveryCodes: number) => TwoFactorStatus) {
  const queryClient = useQueryClient();
  return (recoveryCodes: number) => {
    queryClient.setQueryData<TwoFactorStatus>(queryKeys.twoFactor.status(), status(recoveryCodes));
    void queryClient.invalidateQueries({ queryKey: queryKeys.twoFactor.status() });
  };
}

/** Starts a setup: `{ secret, otpauthUri, qrSvg }`. Nothing is on yet. */
export function useTwoFactorSetup() {
  const client = useApiClient();
  return useMutation({ mutationFn: () => client.call('twoFactor.setup') });
}

/** Finishes the setup with `{ code }`: answers the recovery codes, shown once. */
export function useEnableTwoFactor() {
  const client = useApiClient();
  const settle = useStatusAfter((left) => ({ enabled: true, recoveryCodesLeft: left }));
  return useMutation({
    mutationFn: (body: RouteInput<'twoFactor.enable'>['body']) => client.call('twoFactor.enable', { body }),
    onSuccess: ({ recoveryCodes }) => settle(recoveryCodes.length),
  });
}

/** Turns it off with `{ code }` or `{ recoveryCode }`. */
export function useDisableTwoFactor() {
  const client = useApiClient();
  const settle = useStatusAfter(() => ({ enabled: false, recoveryCodesLeft: 0 }));
  return useMutation({
    mutationFn: (body: RouteInput<'twoFactor.disable'>['body']) => client.call('twoFactor.disable', { body }),
    onSuccess: () => settle(0),
  });
}

/** New recovery codes for `{ code }`; the old ones stop working. */
export function useRegenerateRecoveryCodes() {
  const client = useApiClient();
  const settle = useStatusAfter((left) => ({ enabled: true, recoveryCodesLeft: left }));
  return useMutation({
    mutationFn: (body: RouteInput<'twoFactor.regenerateRecoveryCodes'>['body']) => client.call('twoFactor.regenerateRecoveryCodes', { body }),
    onSuccess: ({ recoveryCodes }) => settle(recoveryCodes.length),
  });
}

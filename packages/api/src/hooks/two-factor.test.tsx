import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REFUSAL_MESSAGES, SUCCESS_MESSAGES } from '../contract/index.ts';
import { ApiError } from '../client/index.ts';
import { createMockBackend, fetchThroughHandlers, FIXTURE_RECOVERY_CODES, fixtures, handlers, MOCK_TWO_FACTOR_CODE, withTwoFactor, type MockSeed } from '../mocks/index.ts';
import { useDisableTwoFactor, useEnableTwoFactor, useRegenerateRecoveryCodes, useTwoFactorSetup, useTwoFactorStatus } from './two-factor.ts';
import { queryKeys } from './query-keys.ts';
import { makeWrapper } from './test-utils.tsx';

/** The hooks over the fake backend, signed in as the standard viewer (Maya). */
function setup(seed: () => MockSeed = fixtures.standard) {
  const backend = createMockBackend(seed());
  const { Wrapper, queryClient } = makeWrapper(fetchThroughHandlers(handlers(backend)), { session: false });
  const { result } = renderHook(
    () => ({ status: useTwoFactorStatus(), setup: useTwoFactorSetup(), enable: useEnableTwoFactor(), disable: useDisableTwoFactor(), renew: useRegenerateRecoveryCodes() }),
    { wrapper: Wrapper },
  );
  return { result, queryClient };
}

describe('two-factor sign-in', () => {
  it('sets up, turns on with the app’s code, and the status says so at once', async () => {
    const { result, queryClient } = setup();
    await waitFor(() => expect(result.current.status.data).toEqual({ enabled: false, recoveryCodesLeft: 0 }));
    let secret = '';
    await act(async () => {
      secret = (await result.current.setup.mutateAsync()).secret;
    });
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    await act(async () => {
      await expect(result.current.enable.mutateAsync({ code: '000000' })).rejects.toMatchObject({ status: 400, serverMessage: REFUSAL_MESSAGES.twoFactorCodeWrong });
    });
    let codes: string[] = [];
    await act(async () => {
      codes = (await result.current.enable.mutateAsync({ code: MOCK_TWO_FACTOR_CODE })).recoveryCodes;
    });
    expect(codes).toHaveLength(10);
    expect(queryClient.getQueryData(queryKeys.twoFactor.status())).toEqual({ enabled: true, recoveryCodesLeft: 10 });
  });

  it('turns off with a recovery code, and new recovery codes need the app’s code', async () => {
    const { result, queryClient } = setup(() => withTwoFactor(fixtures.standard(), 'maya.drives'));
    await waitFor(() => expect(result.current.status.data).toEqual({ enabled: true, recoveryCodesLeft: 3 }));
    await act(async () => {
      await expect(result.current.renew.mutateAsync({ code: '111111' })).rejects.toBeInstanceOf(ApiError);
    });
    await act(async () => {
      expect((await result.current.renew.mutateAsync({ code: MOCK_TWO_FACTOR_CODE })).recoveryCodes).toHaveLength(10);
    });
    await waitFor(() => expect(result.current.status.data).toEqual({ enabled: true, recoveryCodesLeft: 10 }));
    // The fixture's codes were replaced: the old one no longer turns it off.
    await act(async () => {
      await expect(result.current.disable.mutateAsync({ recoveryCode: FIXTURE_RECOVERY_CODES[0]! })).rejects.toMatchObject({ serverMessage: REFUSAL_MESSAGES.recoveryCodeWrong });
    });
    await act(async () => {
      expect(await result.current.disable.mutateAsync({ code: MOCK_TWO_FACTOR_CODE })).toEqual({ message: SUCCESS_MESSAGES.twoFactorOff });
    });
    expect(queryClient.getQueryData(queryKeys.twoFactor.status())).toEqual({ enabled: false, recoveryCodesLeft: 0 });
  });
});

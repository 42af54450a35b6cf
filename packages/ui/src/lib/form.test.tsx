import { act, renderHook } from '@testing-library/react';
import type * as React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { passwordsMatchError, REFUSAL_MESSAGES } from '@pitlane/api/contract';
import { useContractForm, type FormRule } from './form.ts';

interface Values {
  otp: string;
  newPassword: string;
  confirmPassword: string;
}

const codeRequired: FormRule<Values> = ({ otp }) => (otp.trim() === '' ? REFUSAL_MESSAGES.otpRequired : null);
const passwordsMatch: FormRule<Values> = ({ newPassword, confirmPassword }) => passwordsMatchError(newPassword, confirmPassword);

function setUp(values: Partial<Values> = {}) {
  return renderHook(() =>
    useContractForm<Values>({ defaultValues: { otp: '', newPassword: '', confirmPassword: '', ...values }, rules: [codeRequired, passwordsMatch] }),
  );
}

/** A submit event as a <form> sends it. */
const submitEvent = () => ({ preventDefault: vi.fn(), persist: vi.fn() }) as unknown as React.FormEvent;

describe('useContractForm', () => {
  it('checks the rules in order: the first that fails is the message, and nothing is sent', async () => {
    const { result } = setUp({ newPassword: 'a', confirmPassword: 'b' });
    const onValid = vi.fn();
    await act(() => result.current.handleSubmit(onValid)());
    expect(result.current.message).toBe(REFUSAL_MESSAGES.otpRequired);
    act(() => result.current.setValue('otp', '424242'));
    await act(() => result.current.handleSubmit(onValid)());
    expect(result.current.message).toBe('Passwords do not match.');
    expect(onValid).not.toHaveBeenCalled();
  });

  it('sends the values when every rule holds, and a failed call shows its message until the next submit', async () => {
    const { result } = setUp({ otp: '424242', newPassword: 'Boxer@Flat6', confirmPassword: 'Boxer@Flat6' });
    const onValid = vi.fn();
    await act(() => result.current.handleSubmit(onValid)());
    expect(onValid).toHaveBeenCalledWith({ otp: '424242', newPassword: 'Boxer@Flat6', confirmPassword: 'Boxer@Flat6' }, undefined);
    act(() => result.current.failWith('The verification code is invalid or has expired.'));
    expect(result.current.message).toBe('The verification code is invalid or has expired.');
    await act(() => result.current.handleSubmit(onValid)());
    expect(result.current.message).toBeNull();
    expect(onValid).toHaveBeenCalledTimes(2);
  });

  it('submitWith does nothing at all while skipped (a call running, or the form done)', async () => {
    const { result } = setUp();
    const onValid = vi.fn();
    const event = submitEvent();
    await act(async () => result.current.submitWith(onValid, true)(event));
    expect(event.preventDefault).toHaveBeenCalled();
    // Not even checked: no message appears for the empty code.
    expect(result.current.message).toBeNull();
    expect(onValid).not.toHaveBeenCalled();
  });
});

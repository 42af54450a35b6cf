import * as React from 'react';
import { FALLBACK_MESSAGES, REFUSAL_MESSAGES, TWO_FACTOR, type SessionUser } from '@pitlane/api/contract';
import { errorMessage } from '@pitlane/api/client';
import { useLoginTwoFactor } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { useMoveFocus } from '../../lib/use-move-focus.ts';
import { Button } from '../../primitives/Button/Button.tsx';
import { Field } from '../../primitives/Field/Field.tsx';
import { FormMessages } from '../../primitives/FormMessages/FormMessages.tsx';
import { Input } from '../../primitives/Input/Input.tsx';

/** The step's words (issue 19). */
const TEXT = {
  heading: 'Two-factor sign-in',
  appIntro: 'Open your authenticator app and enter the 6-digit code it shows for Pitlane.',
  recoveryIntro: 'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each code works once.',
  codeLabel: 'Authentication code',
  recoveryLabel: 'Recovery code',
  useRecovery: 'Use a recovery code',
  useApp: 'Use your authenticator app',
  verify: 'Verify',
  startOver: 'Back to login',
} as const;

export interface TwoFactorChallengeProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  /** From the sign-in reply (`auth.login` or the provider's): names this sign-in. */
  challenge: string;
  /** Signed in; the user is already stored in the session. */
  onSignedIn?: (user: SessionUser) => void;
  /** Back to e-mail and password (the challenge expired, or the person chose to). */
  onStartOver?: () => void;
}

/**
 * The sign-in's second step (issue 19): a 6-digit code from the authenticator app, or, behind
 * "Use a recovery code", one of the recovery codes. A challenge that ran out (5 minutes, 5 tries)
 * says so and offers the way back to the password.
 */
export function TwoFactorChallenge({ challenge, onSignedIn, onStartOver, className, ...props }: TwoFactorChallengeProps) {
  const verify = useLoginTwoFactor();
  const [recovery, setRecovery] = React.useState(false);
  const [value, setValue] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const [expired, setExpired] = React.useState(false);
  const input = React.useRef<HTMLInputElement>(null);
  const headingId = React.useId();
  // The password step just left the page, or the kind of code changed: the person types it next
  // (the field takes the focus as it shows, so no typed key is lost).
  useMoveFocus(recovery ? 'recovery' : 'code', input);

  const switchMode = () => {
    setRecovery((current) => !current);
    setValue('');
    setError(null);
  };

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verify.isPending) return;
    // Apps show "123 456": the space is not part of the code.
    const typed = recovery ? value.trim() : value.replace(/\s/g, '');
    const missing = recovery ? typed === '' : !new RegExp(`^\\d{${TWO_FACTOR.codeLength}}$`).test(typed);
    if (missing) {
      setError(recovery ? REFUSAL_MESSAGES.twoFactorCodeOrRecoveryCode : REFUSAL_MESSAGES.twoFactorCodeRequired);
      input.current?.focus();
      return;
    }
    setError(null);
    verify.mutate(recovery ? { challenge, recoveryCode: typed } : { challenge, code: typed }, {
      onSuccess: ({ user }) => onSignedIn?.(user),
      onError: (cause) => {
        const message = errorMessage(cause, FALLBACK_MESSAGES.loginFailed);
        setError(message);
        setExpired(message === REFUSAL_MESSAGES.twoFactorChallengeExpired);
        setValue('');
        input.current?.focus();
      },
    });
  };

  return (
    <div data-slot="two-factor-challenge" className={cn('flex flex-col gap-6', className)} {...props}>
      <div className="flex flex-col gap-2">
        <h1 id={headingId} className="text-2xl font-bold tracking-tight">
          {TEXT.heading}
        </h1>
        <p className="text-sm text-muted-foreground">{recovery ? TEXT.recoveryIntro : TEXT.appIntro}</p>
      </div>
      <form noValidate onSubmit={submit} aria-labelledby={headingId} className="flex flex-col gap-4">
        <Field label={recovery ? TEXT.recoveryLabel : TEXT.codeLabel}>
          <Input
            ref={input}
            key={recovery ? 'recovery' : 'code'}
            name={recovery ? 'recoveryCode' : 'code'}
            autoComplete="one-time-code"
            inputMode={recovery ? 'text' : 'numeric'}
            autoCapitalize="off"
            spellCheck={false}
            required
            maxLength={recovery ? 20 : TWO_FACTOR.codeLength + 1}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            className={recovery ? undefined : 'font-mono tracking-[0.3em]'}
          />
        </Field>
        <FormMessages error={error} />
        {expired ? (
          <Button type="button" size="lg" block onClick={onStartOver}>
            {TEXT.startOver}
          </Button>
        ) : (
          <Button type="submit" size="lg" block busy={verify.isPending}>
            {TEXT.verify}
          </Button>
        )}
      </form>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <Button type="button" variant="link" size="flush" className="font-semibold" onClick={switchMode}>
          {recovery ? TEXT.useApp : TEXT.useRecovery}
        </Button>
        {expired ? null : (
          <Button type="button" variant="link-muted" size="flush" className="font-semibold" onClick={onStartOver}>
            {TEXT.startOver}
          </Button>
        )}
      </div>
    </div>
  );
}

import * as React from 'react';
import { FALLBACK_MESSAGES, REFUSAL_MESSAGES, TWO_FACTOR, type TwoFactorSetup } from '@pitlane/api/contract';
import { errorMessage } from '@pitlane/api/client';
import { useDisableTwoFactor, useEnableTwoFactor, useRegenerateRecoveryCodes, useTwoFactorSetup, useTwoFactorStatus } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { useMoveFocus } from '../../lib/use-move-focus.ts';
import { Badge } from '../../primitives/Badge/Badge.tsx';
import { Button } from '../../primitives/Button/Button.tsx';
import { Field } from '../../primitives/Field/Field.tsx';
import { FormMessages } from '../../primitives/FormMessages/FormMessages.tsx';
import { Input } from '../../primitives/Input/Input.tsx';
import { Skeleton } from '../../primitives/Skeleton/Skeleton.tsx';
import { ListError } from '../ListNotice/ListNotice.tsx';
import { RecoveryCodesList } from './RecoveryCodesList.tsx';

/** The section's words (issue 19, Edit Profile). */
const TEXT = {
  heading: 'Two-factor sign-in',
  intro: 'Ask for a code from an authenticator app (such as Google Authenticator, 1Password or Aegis) each time you sign in, after your password.',
  loading: 'Loading two-factor sign-in',
  on: 'On',
  off: 'Off',
  left: (n: number) => (n === 1 ? '1 recovery code left.' : `${n} recovery codes left.`),
  setUp: 'Set up',
  scan: 'Scan this QR code with your authenticator app.',
  qrAlt: 'QR code for setting up two-factor sign-in in an authenticator app',
  manual: 'Can’t scan it? Enter this key in the app instead:',
  codeLabel: 'Code from the app',
  turnOn: 'Turn on',
  cancel: 'Cancel',
  turnOff: 'Turn off',
  newCodes: 'New recovery codes',
  confirmOff: 'To turn two-factor sign-in off, enter a code from your authenticator app or one of your recovery codes.',
  confirmNew: 'To get new recovery codes, enter a code from your authenticator app. Your old recovery codes will stop working.',
  codeOrRecovery: 'Code or recovery code',
} as const;

type Step = { kind: 'idle' } | { kind: 'setup'; setup: TwoFactorSetup } | { kind: 'codes'; codes: string[] } | { kind: 'confirm'; action: 'off' | 'new' };

/** The secret in groups of four, as apps that take it by hand show it. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');
const svgSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
const appCode = (typed: string) => typed.replace(/\s/g, '');
const isAppCode = (typed: string) => new RegExp(`^\\d{${TWO_FACTOR.codeLength}}$`).test(appCode(typed));

export interface TwoFactorSectionProps {
  className?: string;
}

/**
 * Edit Profile's two-factor sign-in (issue 19): off → "Set up" → QR code, key and a code from the
 * app → the recovery codes, shown once (copy, download) → on, with "New recovery codes" and
 * "Turn off", each asking for a code first.
 */
export function TwoFactorSection({ className }: TwoFactorSectionProps) {
  const status = useTwoFactorStatus();
  const setup = useTwoFactorSetup();
  const [step, setStep] = React.useState<Step>({ kind: 'idle' });
  const [message, setMessage] = React.useState<string | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const headingId = React.useId();
  const heading = React.useRef<HTMLHeadingElement>(null);

  const go = (next: Step) => {
    setError(null);
    setStep(next);
  };
  const backToIdle = (success: string | null = null) => {
    go({ kind: 'idle' });
    setMessage(success);
    heading.current?.focus();
  };
  const startSetup = () => {
    setMessage(null);
    setup.mutate(undefined, {
      onSuccess: (data) => go({ kind: 'setup', setup: data }),
      onError: (cause) => setError(errorMessage(cause, FALLBACK_MESSAGES.twoFactorActionFailed)),
    });
  };

  const enabled = status.data?.enabled === true;
  return (
    <section aria-labelledby={headingId} aria-busy={status.isPending || undefined} data-slot="two-factor" className={cn('flex flex-col gap-3', className)}>
      <div className="flex flex-col gap-1">
        <h2 ref={heading} id={headingId} tabIndex={-1} className="flex items-center gap-2 text-lg font-semibold outline-none">
          {TEXT.heading}
          {status.data ? <Badge tone={enabled ? 'accent' : 'neutral'}>{enabled ? TEXT.on : TEXT.off}</Badge> : null}
        </h2>
        <p className="text-sm text-muted-foreground">{TEXT.intro}</p>
      </div>
      {status.isPending ? (
        <div role="status" aria-label={TEXT.loading} className="flex flex-col gap-2">
          <Skeleton className="h-4 w-2/5" />
          <Skeleton className="h-10 w-28" />
        </div>
      ) : status.isError ? (
        <ListError error={status.error} fallback={FALLBACK_MESSAGES.twoFactorFailed} onRetry={() => void status.refetch()} boxed spacing="short" />
      ) : step.kind === 'setup' ? (
        <SetupPanel setup={step.setup} onEnabled={(codes) => go({ kind: 'codes', codes })} onCancel={() => backToIdle()} />
      ) : step.kind === 'codes' ? (
        <RecoveryCodesList codes={step.codes} onDone={() => backToIdle()} />
      ) : step.kind === 'confirm' ? (
        <ConfirmPanel action={step.action} onDone={(result) => (Array.isArray(result) ? go({ kind: 'codes', codes: result }) : backToIdle(result))} onCancel={() => backToIdle()} />
      ) : enabled ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm">{TEXT.left(status.data.recoveryCodesLeft)}</p>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => go({ kind: 'confirm', action: 'new' })}>
              {TEXT.newCodes}
            </Button>
            <Button variant="outline" onClick={() => go({ kind: 'confirm', action: 'off' })}>
              {TEXT.turnOff}
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <Button onClick={startSetup} busy={setup.isPending}>
            {TEXT.setUp}
          </Button>
        </div>
      )}
      <FormMessages error={error} success={message} emphasis />
    </section>
  );
}

function CodeForm({ label, intro, submitLabel, tone, busy, error, onSubmit, onCancel }: {
  label: string;
  intro?: React.ReactNode;
  submitLabel: string;
  tone?: 'danger';
  busy: boolean;
  error: string | null;
  onSubmit: (typed: string) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = React.useState('');
  const input = React.useRef<HTMLInputElement>(null);
  // The field takes the focus as the form shows, and again with a message about what was typed.
  useMoveFocus(true, input);
  useMoveFocus(error || null, input);
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) onSubmit(value);
      }}
    >
      {intro}
      <Field label={label} className="max-w-xs">
        <Input ref={input} name="code" autoComplete="one-time-code" autoCapitalize="off" spellCheck={false} value={value} onChange={(event) => setValue(event.target.value)} />
      </Field>
      <FormMessages error={error} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={tone === 'danger' ? 'danger' : 'primary'} busy={busy}>
          {submitLabel}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {TEXT.cancel}
        </Button>
      </div>
    </form>
  );
}

function SetupPanel({ setup, onEnabled, onCancel }: { setup: TwoFactorSetup; onEnabled: (codes: string[]) => void; onCancel: () => void }) {
  const enable = useEnableTwoFactor();
  const [error, setError] = React.useState<string | null>(null);
  const submit = (typed: string) => {
    if (!isAppCode(typed)) return setError(REFUSAL_MESSAGES.twoFactorCodeRequired);
    setError(null);
    enable.mutate({ code: appCode(typed) }, {
      onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes),
      onError: (cause) => setError(errorMessage(cause, FALLBACK_MESSAGES.twoFactorActionFailed)),
    });
  };
  return (
    <div data-slot="two-factor-setup" className="flex flex-col gap-4 rounded-lg border border-border p-4">
      <p className="text-sm font-medium">{TEXT.scan}</p>
      <img src={svgSource(setup.qrSvg)} alt={TEXT.qrAlt} width={176} height={176} className="size-44 rounded-md border border-border bg-white p-1" />
      <div className="flex flex-col gap-1 text-sm">
        <span className="text-muted-foreground">{TEXT.manual}</span>
        <code data-slot="two-factor-secret" className="w-fit rounded-md bg-surface-sunken px-2 py-1 font-mono break-all">
          {grouped(setup.secret)}
        </code>
      </div>
      <CodeForm label={TEXT.codeLabel} submitLabel={TEXT.turnOn} busy={enable.isPending} error={error} onSubmit={submit} onCancel={onCancel} />
    </div>
  );
}

/** Asks for a code before turning off (a code or a recovery code) or new recovery codes (a code). */
function ConfirmPanel({ action, onDone, onCancel }: { action: 'off' | 'new'; onDone: (result: string | string[]) => void; onCancel: () => void }) {
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const [error, setError] = React.useState<string | null>(null);
  const failed = (cause: unknown) => setError(errorMessage(cause, FALLBACK_MESSAGES.twoFactorActionFailed));
  const submit = (typed: string) => {
    if (action === 'new') {
      if (!isAppCode(typed)) return setError(REFUSAL_MESSAGES.twoFactorCodeRequired);
      setError(null);
      return regenerate.mutate({ code: appCode(typed) }, { onSuccess: ({ recoveryCodes }) => onDone(recoveryCodes), onError: failed });
    }
    if (typed.trim() === '') return setError(REFUSAL_MESSAGES.twoFactorCodeOrRecoveryCode);
    setError(null);
    const body = isAppCode(typed) ? { code: appCode(typed) } : { recoveryCode: typed.trim() };
    disable.mutate(body, { onSuccess: ({ message }) => onDone(message), onError: failed });
  };
  return (
    <div className="rounded-lg border border-border p-4">
      <CodeForm
        label={action === 'off' ? TEXT.codeOrRecovery : TEXT.codeLabel}
        intro={<p className="text-sm">{action === 'off' ? TEXT.confirmOff : TEXT.confirmNew}</p>}
        submitLabel={action === 'off' ? TEXT.turnOff : TEXT.newCodes}
        tone={action === 'off' ? 'danger' : undefined}
        busy={disable.isPending || regenerate.isPending}
        error={error}
        onSubmit={submit}
        onCancel={onCancel}
      />
    </div>
  );
}

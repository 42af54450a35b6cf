import * as React from 'react';
import { Link } from 'wouter';
import { FALLBACK_MESSAGES, paths, SIGN_IN_REFUSALS, type SessionUser } from '@pitlane/api/contract';
import { errorMessage } from '@pitlane/api/client';
import { useLogin } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import type { FormRule } from '../../lib/form.ts';
import { Button } from '../../primitives/Button/Button.tsx';
import { Field } from '../../primitives/Field/Field.tsx';
import { FormMessages } from '../../primitives/FormMessages/FormMessages.tsx';
import { Input } from '../../primitives/Input/Input.tsx';
import { Spinner } from '../../primitives/Spinner/Spinner.tsx';
import { ThirdPartySignIn, type ThirdPartyProvider } from '../ThirdPartySignIn/ThirdPartySignIn.tsx';

// The second step is for the few accounts with two-factor sign-in: loaded when one asks for it,
// so /login's first load (the size budget) does not carry it.
const TwoFactorChallenge = React.lazy(() => import('../TwoFactorChallenge/TwoFactorChallenge.tsx').then((module) => ({ default: module.TwoFactorChallenge })));

export interface LoginFormProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  /** After a successful login; the user is already stored in the session. The page goes to /feeds. */
  onLoggedIn?: (user: SessionUser) => void;
  /** The configured third-party sign-in; without one its button and divider are hidden. */
  provider?: ThirdPartyProvider | null;
  /**
   * A sign-in that asks for its two-factor code (issue 19), e.g. the provider's return: the form
   * starts at the code step (read when it mounts). A password sign-in gets there by itself.
   */
  challenge?: string | null;
}

interface LoginValues {
  email: string;
  password: string;
}

/**
 * Both fields are required (spec §5), as the contract's `auth.login` body refuses them (a blank
 * e-mail, an empty password), said in the form's own words rather than a browser bubble.
 */
const bothRequired: FormRule<LoginValues> = ({ email, password }) =>
  email.trim() === '' || password === '' ? SIGN_IN_REFUSALS.emailAndPasswordRequired : null;

const linkClass = 'font-semibold text-foreground underline-offset-4 hover:underline';

/**
 * Login (spec §2): e-mail and password, both required; errors in red, the server's message first.
 * The one form not on `useContractForm` (lib/form.ts): /login is every visitor's first page and
 * react-hook-form would add 13.7 KB gzip to its first load (122.9 → 136.6 KB, budget 100 KB) for
 * two fields. It keeps the same parts: a contract rule, FormMessages, links through `paths`.
 */
export function LoginForm({ onLoggedIn, provider, challenge: startChallenge = null, className, ...props }: LoginFormProps) {
  const login = useLogin();
  const [values, setValues] = React.useState<LoginValues>({ email: '', password: '' });
  const [error, setError] = React.useState<string | null>(null);
  // Two-factor sign-in (issue 19): the right password answered a challenge; the code is next.
  const [challenge, setChallenge] = React.useState<string | null>(startChallenge);
  const change = (field: keyof LoginValues) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  // Typed (or filled in by a password manager) before the app had the page: a login page drawn on
  // the server (apps/web/src/first-screen) can be filled in first. Hydrating, React leaves that
  // text in the fields but not in `values`, so it would be neither sent nor kept. Taken in at the
  // first commit; fields drawn in the browser are empty then.
  const form = React.useRef<HTMLFormElement>(null);
  React.useLayoutEffect(() => {
    const typed = (name: keyof LoginValues) => (form.current?.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';
    const filled = { email: typed('email'), password: typed('password') };
    // The fields' DOM is the outside system here, read once; one more render only when they hold text.
    if (filled.email !== '' || filled.password !== '') setValues(filled);
  }, []);

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    const refusal = bothRequired(values);
    setError(refusal ?? null);
    if (refusal) return;
    login.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: (reply) => {
          if ('user' in reply) onLoggedIn?.(reply.user);
          else setChallenge(reply.challenge);
        },
        onError: (cause) => setError(errorMessage(cause, FALLBACK_MESSAGES.loginFailed)),
      },
    );
  };

  if (challenge !== null) {
    return (
      <React.Suspense fallback={<Spinner />}>
        <TwoFactorChallenge
          challenge={challenge}
          onSignedIn={onLoggedIn}
          onStartOver={() => {
            setChallenge(null);
            setValues((current) => ({ ...current, password: '' }));
          }}
          className={className}
        />
      </React.Suspense>
    );
  }

  return (
    <div data-slot="login-form" className={cn('flex flex-col gap-6', className)} {...props}>
      <h1 className="text-2xl font-bold tracking-tight">Welcome back</h1>
      <ThirdPartySignIn provider={provider} />
      {/* `post`: sent by the browser itself (no app yet, or none at all), the password stays out of the address. */}
      <form ref={form} method="post" noValidate onSubmit={submit} aria-label="Login" className="flex flex-col gap-4">
        <Field label="Email Address">
          <Input type="email" name="email" autoComplete="email" required value={values.email} onChange={change('email')} />
        </Field>
        <Field label="Password">
          <Input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={values.password}
            onChange={change('password')}
          />
        </Field>
        <Link to={paths.forgotPassword} className={cn(linkClass, '-mt-1 self-end text-sm')}>
          Forgot Password?
        </Link>
        <FormMessages error={error} />
        <Button type="submit" size="lg" block busy={login.isPending}>
          Login
        </Button>
      </form>
      <p className="text-center text-sm text-muted-foreground">
        Don’t have an account?{' '}
        <Link to={paths.register} className={linkClass}>
          Sign Up
        </Link>
      </p>
    </div>
  );
}

import * as React from 'react';
import { Link } from 'react-router-dom';
import { FALLBACK_MESSAGES, REFUSAL_MESSAGES, type SessionUser } from '@pitlane/api/contract';
import { errorMessage } from '@pitlane/api/client';
import { useLogin } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { Button } from '../../primitives/Button/Button.tsx';
import { Field } from '../../primitives/Field/Field.tsx';
import { Input } from '../../primitives/Input/Input.tsx';
import { ThirdPartySignIn, type ThirdPartyProvider } from '../ThirdPartySignIn/ThirdPartySignIn.tsx';

export interface LoginFormProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  /** After a successful login; the user is already stored in the session. The page goes to /feeds. */
  onLoggedIn?: (user: SessionUser) => void;
  /** The configured third-party sign-in; without one its button and divider are hidden. */
  provider?: ThirdPartyProvider | null;
}

const linkClass = 'font-semibold text-foreground underline-offset-4 hover:underline';

/** Login (spec §2): e-mail and password, both required; errors in red, the server's message first. */
export function LoginForm({ onLoggedIn, provider, className, ...props }: LoginFormProps) {
  const login = useLogin();
  const [email, setEmail] = React.useState('');
  const [password, setPassword] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    // Both fields are required (spec §5); say so in the form's own words, not a browser bubble.
    if (email.trim() === '' || password === '') {
      setError(REFUSAL_MESSAGES.emailAndPasswordRequired);
      return;
    }
    setError(null);
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: ({ user }) => onLoggedIn?.(user),
        onError: (cause) => setError(errorMessage(cause, FALLBACK_MESSAGES.loginFailed)),
      },
    );
  };

  return (
    <div data-slot="login-form" className={cn('flex flex-col gap-6', className)} {...props}>
      <h1 className="text-2xl font-bold tracking-tight">Welcome back</h1>
      <ThirdPartySignIn provider={provider} />
      <form noValidate onSubmit={submit} aria-label="Login" className="flex flex-col gap-4">
        <Field label="Email Address">
          <Input
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </Field>
        <Field label="Password">
          <Input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field>
        <Link to="/forgot-password" className={cn(linkClass, '-mt-1 self-end text-sm')}>
          Forgot Password?
        </Link>
        {/* Always present, so the error is announced when it appears. */}
        <p role="alert" className="text-sm text-danger empty:hidden">
          {error}
        </p>
        <Button type="submit" size="lg" block busy={login.isPending}>
          Login
        </Button>
      </form>
      <p className="text-center text-sm text-muted-foreground">
        Don’t have an account?{' '}
        <Link to="/register" className={linkClass}>
          Sign Up
        </Link>
      </p>
    </div>
  );
}

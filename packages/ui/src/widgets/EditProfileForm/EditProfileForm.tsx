import * as React from 'react';
import { Camera } from 'lucide-react';
import {
  FALLBACK_MESSAGES,
  FORM_MESSAGES,
  fullNameStatus,
  isValidFullName,
  isValidProfilePassword,
  normalizeUsername,
  PASSWORD_MIN_LENGTH,
  PASSWORD_SPECIAL_CHARACTERS,
  passwordStatus,
  REDIRECT_AFTER_PROFILE_UPDATE_MS,
  REFUSAL_MESSAGES,
  STATUS,
  usernameAvailabilityStatus,
  type SessionUser,
} from '@pitlane/api/contract';
import { errorMessage } from '@pitlane/api/client';
import { useCheckUsername, useSession, useUpdateProfile } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { Avatar } from '../../primitives/Avatar/Avatar.tsx';
import { Button, buttonVariants } from '../../primitives/Button/Button.tsx';
import { ConfirmDialog } from '../../primitives/ConfirmDialog/ConfirmDialog.tsx';
import { Field, type FieldProps } from '../../primitives/Field/Field.tsx';
import { Input } from '../../primitives/Input/Input.tsx';

export interface EditProfileFormProps {
  /**
   * Called 1.5 seconds after "Profile updated successfully!" shows (spec §2), with the server's
   * user: the page then goes to `/profile/{user.username}`.
   */
  onUpdated: (user: SessionUser) => void;
  className?: string;
}

/** Shown while the username check runs (not a spec word: the spec says nothing for that moment). */
const CHECKING = 'Checking...';

type Tone = NonNullable<FieldProps['tone']>;
const toneOf = (status: string): Tone =>
  status === CHECKING ? 'neutral' : status === STATUS.available || status === STATUS.strong || status === STATUS.looksGood ? 'success' : 'error';

/** Spec §2 "image files only": a type the browser reports as an image. The server checks the bytes. */
const isImageFile = (file: File) => file.type.startsWith('image/');

interface PickedPhoto {
  file: File;
  url: string;
}

/** The picked photo with a preview URL made when it is picked, released when replaced or unmounted. */
function usePickedPhoto() {
  const [photo, setPhoto] = React.useState<PickedPhoto | null>(null);
  const latest = React.useRef<PickedPhoto | null>(null);
  React.useEffect(
    () => () => {
      if (latest.current) URL.revokeObjectURL(latest.current.url);
      latest.current = null;
    },
    [],
  );
  const pick = React.useCallback((file: File) => {
    if (latest.current) URL.revokeObjectURL(latest.current.url);
    const next = { file, url: URL.createObjectURL(file) };
    latest.current = next;
    setPhoto(next);
  }, []);
  return [photo, pick] as const;
}

function PhotoPicker({ name, current, picked, onPick, disabled }: { name: string; current: string | null | undefined; picked: PickedPhoto | null; onPick: (file: File) => void; disabled?: boolean }) {
  const inputId = React.useId();
  const statusId = React.useId();
  const [refused, setRefused] = React.useState(false);
  return (
    <div className="flex items-center gap-4">
      <Avatar key={picked?.url ?? 'current'} name={name || '?'} src={picked?.url ?? current} alt={picked ? 'New profile photo preview' : 'Current profile photo'} size="xl" />
      <div className="flex min-w-0 flex-col items-start gap-1.5">
        <input
          id={inputId}
          type="file"
          accept="image/*"
          className="peer sr-only"
          aria-describedby={statusId}
          disabled={disabled}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            if (!isImageFile(file)) {
              setRefused(true);
              return;
            }
            setRefused(false);
            onPick(file);
          }}
        />
        <label
          htmlFor={inputId}
          className={cn(
            buttonVariants({ variant: 'outline', size: 'sm' }),
            'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring peer-disabled:cursor-not-allowed peer-disabled:opacity-50',
          )}
        >
          <Camera aria-hidden />
          Change photo
        </label>
        <p id={statusId} aria-live="polite" className={cn('max-w-full truncate text-xs', refused ? 'font-medium text-danger' : 'text-muted-foreground')}>
          {refused ? REFUSAL_MESSAGES.notAnImage : picked ? picked.file.name : 'JPEG, PNG, GIF or WebP'}
        </p>
      </div>
    </div>
  );
}

/** One username check, remembered with the value it was made for (typing again hides it). */
type UsernameCheck = { value: string; result: ReturnType<typeof usernameAvailabilityStatus> | 'checking' };

function ProfileForm({ user, onUpdated, className }: EditProfileFormProps & { user: SessionUser }) {
  const update = useUpdateProfile();
  const checkUsername = useCheckUsername();
  // The form starts from the user as it was when the page opened; the saved user replaces the
  // session's afterwards, and the form must not jump under the success message.
  const [initial] = React.useState(user);
  const [fullName, setFullName] = React.useState(initial.fullName);
  const [username, setUsername] = React.useState(initial.username);
  const [usernameCheck, setUsernameCheck] = React.useState<UsernameCheck | null>(null);
  const [password, setPassword] = React.useState('');
  const [photo, pickPhoto] = usePickedPhoto();
  const [confirming, setConfirming] = React.useState(false);
  const [triedInvalid, setTriedInvalid] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const [saved, setSaved] = React.useState<SessionUser | null>(null);

  const nameValid = isValidFullName(fullName);
  // Spec §5: in Edit Profile the check runs only when the value differs from the current username.
  const usernameUnchanged = username === initial.username;
  const usernameResult = usernameCheck?.value === username ? usernameCheck.result : null;
  const usernameValid = usernameUnchanged || usernameResult === STATUS.available;
  const passwordValid = isValidProfilePassword(password);
  const allValid = nameValid && usernameValid && passwordValid;

  // The name's status shows once it was edited (or when the stored name breaks the rule).
  const nameStatus = fullName !== initial.fullName || !nameValid ? fullNameStatus(fullName) : null;
  const usernameStatus = usernameUnchanged ? null : usernameResult === 'checking' ? CHECKING : usernameResult;
  const pwStatus = password !== '' ? passwordStatus(password, 'profile') : null;

  const runUsernameCheck = () => {
    const value = username;
    if (value === '' || value === initial.username || (usernameCheck?.value === value && usernameCheck.result !== STATUS.error)) return;
    setUsernameCheck({ value, result: 'checking' });
    const settle = (result: ReturnType<typeof usernameAvailabilityStatus>) =>
      setUsernameCheck((current) => (current?.value === value ? { value, result } : current));
    checkUsername.mutateAsync(value).then(
      (answer) => settle(usernameAvailabilityStatus(answer)),
      () => settle(usernameAvailabilityStatus('error')),
    );
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending || saved) return;
    if (!allValid) {
      setTriedInvalid(true);
      return;
    }
    setTriedInvalid(false);
    setError(null);
    setConfirming(true);
  };

  // Resolves either way, so the dialog closes; a failure shows under the form.
  const save = () =>
    update
      .mutateAsync({
        body: {
          id: initial.id,
          fullName: fullName.trim(),
          username,
          ...(password !== '' ? { password } : {}),
          ...(photo ? { profilePicture: photo.file } : {}),
        },
      })
      .then(
        (next) => setSaved(next),
        (cause: unknown) => setError(errorMessage(cause, FALLBACK_MESSAGES.profileUpdateFailed)),
      );

  // Spec §2: the product moves on 1.5 seconds after the success message shows.
  const finish = React.useEffectEvent((next: SessionUser) => onUpdated(next));
  React.useEffect(() => {
    if (saved === null) return;
    const timer = setTimeout(() => finish(saved), REDIRECT_AFTER_PROFILE_UPDATE_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  const busy = update.isPending || saved !== null;
  const headingId = React.useId();
  return (
    <section aria-labelledby={headingId} data-slot="edit-profile-form" className={cn('flex flex-col gap-6', className)}>
      <h1 id={headingId} className="text-2xl font-bold tracking-tight">
        Edit Profile
      </h1>
      <form noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="flex flex-col gap-5">
        <PhotoPicker name={fullName} current={initial.profilePictureUrl} picked={photo} onPick={pickPhoto} disabled={busy} />
        <Field label="Full Name" status={nameStatus} tone={nameStatus ? toneOf(nameStatus) : undefined}>
          <Input name="fullName" autoComplete="name" required value={fullName} onChange={(event) => setFullName(event.target.value)} />
        </Field>
        <Field label="Username" status={usernameStatus} tone={usernameStatus ? toneOf(usernameStatus) : undefined}>
          <Input
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={username}
            // Spec §5: lower-case, only a–z, 0–9, underscore and dot, as it is typed.
            onChange={(event) => setUsername(normalizeUsername(event.target.value))}
            onBlur={runUsernameCheck}
          />
        </Field>
        <Field label="Email" hint="Your e-mail address cannot be changed.">
          <Input type="email" name="email" autoComplete="email" readOnly value={initial.email} className="text-muted-foreground" />
        </Field>
        <Field
          label="New Password"
          hint={`Optional. At least ${PASSWORD_MIN_LENGTH} characters with upper- and lower-case letters, a digit and one of ${PASSWORD_SPECIAL_CHARACTERS}`}
          status={pwStatus}
          tone={pwStatus ? toneOf(pwStatus) : undefined}
        >
          <Input type="password" name="newPassword" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} />
        </Field>
        <p role="alert" className="text-sm font-medium text-danger empty:hidden">
          {triedInvalid && !allValid ? FORM_MESSAGES.fixErrors : error}
        </p>
        <p role="status" className="text-sm font-medium text-success empty:hidden">
          {saved ? FORM_MESSAGES.profileUpdated : null}
        </p>
        <div>
          <Button type="submit" size="lg" busy={update.isPending} busyLabel="Updating..." disabled={saved !== null}>
            Update Profile
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Confirm Changes"
        message="Are you sure you want to update your profile?"
        onConfirm={save}
      />
    </section>
  );
}

/**
 * Spec §2 Edit Profile, the profile form: photo with preview, Full Name, Username (checked on
 * blur when it differs from the current one), read-only Email and optional New Password, sent
 * after "Confirm Changes". The Delete Account section is its own widget.
 */
export function EditProfileForm(props: EditProfileFormProps) {
  const { user } = useSession();
  // Rendered only inside the signed-in app; without a user there is nothing to edit.
  if (!user) return null;
  return <ProfileForm user={user} {...props} />;
}

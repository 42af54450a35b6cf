import * as React from 'react';
import { Camera } from 'lucide-react';
import { useController } from 'react-hook-form';
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
  STATUS,
  usernameAvailabilityStatus,
  type SessionUser,
} from '@pitlane/api/contract';
import { errorMessage } from '@pitlane/api/client';
import { useCheckUsername, useSession, useUpdateProfile } from '@pitlane/api/hooks';
import { cn } from '../../lib/cn.ts';
import { checkStatus, fieldStatus, useServerCheck } from '../../lib/field-status.ts';
import { useContractForm } from '../../lib/form.ts';
import { Avatar } from '../../primitives/Avatar/Avatar.tsx';
import { Button } from '../../primitives/Button/Button.tsx';
import { ConfirmDialog } from '../../primitives/ConfirmDialog/ConfirmDialog.tsx';
import { Field } from '../../primitives/Field/Field.tsx';
import { FormMessages } from '../../primitives/FormMessages/FormMessages.tsx';
import { Input } from '../../primitives/Input/Input.tsx';
import { SingleImagePicker } from '../SingleImagePicker/SingleImagePicker.tsx';

export interface EditProfileFormProps {
  /**
   * Called 1.5 seconds after "Profile updated successfully!" shows (spec §2), with the server's
   * user: the page then goes to `/profile/{user.username}`.
   */
  onUpdated: (user: SessionUser) => void;
  className?: string;
}

interface ProfileValues {
  fullName: string;
  username: string;
  /** Optional: empty keeps the current password. */
  newPassword: string;
  /** The picked photo; null keeps the current one. */
  profilePicture: File | null;
  /** "Require descriptions on my photos" (issue 18). */
  requirePhotoDescriptions: boolean;
}

function ProfileForm({ user, onUpdated, className }: EditProfileFormProps & { user: SessionUser }) {
  const update = useUpdateProfile();
  const checkUsername = useCheckUsername();
  // The form starts from the user as it was when the page opened; the saved user replaces the
  // session's afterwards, and the form must not jump under the success message.
  const [initial] = React.useState(user);
  const [confirming, setConfirming] = React.useState(false);
  const [saved, setSaved] = React.useState<SessionUser | null>(null);

  // Spec §5: in Edit Profile the check runs only when the value differs from the current username.
  const usernameCheck = useServerCheck((value) =>
    checkUsername.mutateAsync(value).then(usernameAvailabilityStatus, () => usernameAvailabilityStatus('error')),
  );
  const isComplete = ({ fullName, username, newPassword }: ProfileValues) =>
    isValidFullName(fullName) &&
    (username === initial.username || usernameCheck.resultFor(username) === STATUS.available) &&
    isValidProfilePassword(newPassword);
  const form = useContractForm<ProfileValues>({
    defaultValues: {
      fullName: initial.fullName,
      username: initial.username,
      newPassword: '',
      profilePicture: null,
      requirePhotoDescriptions: initial.requirePhotoDescriptions ?? false,
    },
    rules: [(values) => (isComplete(values) ? null : FORM_MESSAGES.fixErrors)],
  });
  const values = form.watch();
  const allValid = isComplete(values);
  // Spec §5: lower-case, only a–z, 0–9, underscore and dot, as it is typed.
  const username = useController({ control: form.control, name: 'username' });

  // The name's status shows once it was edited (or when the stored name breaks the rule).
  const nameStatus = values.fullName !== initial.fullName || !isValidFullName(values.fullName) ? fullNameStatus(values.fullName) : null;
  const usernameStatus = values.username === initial.username ? null : checkStatus(usernameCheck.resultFor(values.username));
  const pwStatus = values.newPassword !== '' ? passwordStatus(values.newPassword, 'profile') : null;
  // "Please fix the errors…" stands while a check fails; a server's refusal until the next try.
  const message = form.formState.errors.root?.type === 'contract' && allValid ? null : form.message;

  // Valid: ask first ("Confirm Changes"); the dialog sends.
  const onSubmit = form.submitWith(() => setConfirming(true), update.isPending || saved !== null);

  // Resolves either way, so the dialog closes; a failure shows under the form.
  const save = () => {
    const { fullName, username: name, newPassword, profilePicture, requirePhotoDescriptions } = form.getValues();
    return update
      .mutateAsync({
        body: {
          id: initial.id,
          fullName: fullName.trim(),
          username: name,
          ...(newPassword !== '' ? { password: newPassword } : {}),
          ...(profilePicture ? { profilePicture } : {}),
          requirePhotoDescriptions,
        },
      })
      .then(
        (next) => setSaved(next),
        (cause: unknown) => form.failWith(errorMessage(cause, FALLBACK_MESSAGES.profileUpdateFailed)),
      );
  };

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
        <SingleImagePicker
          onChange={(file) => form.setValue('profilePicture', file)}
          preview={(picked) => (
            <Avatar
              key={picked?.url ?? 'current'}
              name={values.fullName || '?'}
              src={picked?.url ?? initial.profilePictureUrl}
              alt={picked ? 'New profile photo preview' : 'Current profile photo'}
              size="xl"
            />
          )}
          hint="JPEG, PNG, GIF or WebP"
          disabled={busy}
        >
          <Camera aria-hidden />
          Change photo
        </SingleImagePicker>
        <Field label="Full Name" {...fieldStatus(nameStatus)}>
          <Input autoComplete="name" required {...form.register('fullName')} />
        </Field>
        <Field label="Username" {...fieldStatus(usernameStatus)}>
          <Input
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            {...username.field}
            onChange={(event) => username.field.onChange(normalizeUsername(event.target.value))}
            onBlur={() => {
              username.field.onBlur();
              if (values.username !== initial.username) usernameCheck.run(values.username);
            }}
          />
        </Field>
        <Field label="Email" hint="Your e-mail address cannot be changed.">
          <Input type="email" name="email" autoComplete="email" readOnly value={initial.email} muted />
        </Field>
        <Field
          label="New Password"
          hint={`Optional. At least ${PASSWORD_MIN_LENGTH} characters with upper- and lower-case letters, a digit and one of ${PASSWORD_SPECIAL_CHARACTERS}`}
          {...fieldStatus(pwStatus)}
        >
          <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
        </Field>
        <PhotoDescriptionsSetting {...form.register('requirePhotoDescriptions')} />
        <FormMessages error={message} success={saved ? FORM_MESSAGES.profileUpdated : null} emphasis />
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

/** "Require descriptions on my photos": a checkbox with what it does beneath its label. */
function PhotoDescriptionsSetting(props: React.ComponentProps<'input'>) {
  const id = React.useId();
  return (
    <div data-slot="photo-descriptions-setting" className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        aria-describedby={`${id}-hint`}
        // The native box, in the product's own colour: keyboard, forms and screen readers as browsers do them.
        className="mt-0.5 size-5 shrink-0 accent-strong"
        {...props}
      />
      <div className="flex flex-col gap-0.5">
        <label htmlFor={id} className="text-sm font-medium">
          Require descriptions on my photos
        </label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          Posting waits until every photo has a description (alt text), so people using screen readers can enjoy them too.
        </p>
      </div>
    </div>
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

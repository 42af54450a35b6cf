import { useLocation } from 'wouter';
import { paths } from '@pitlane/api/contract';
import {
  ActiveSessions,
  AppearanceSection,
  DataExportSection,
  DeleteAccountSection,
  EditProfileForm,
  HiddenPeopleSection,
  TwoFactorSection,
} from '@pitlane/ui';

/**
 * Spec §2 Edit Profile (`/profile/edit`): the profile form, Appearance (the theme, issue 21; this
 * device's, applied at once, not part of the form), the Blocked and Muted lists (issue 18),
 * two-factor sign-in, the person's active sessions and "Your data" (issue 19), then the Delete
 * Account section.
 */
export default function EditProfilePage() {
  const [, navigate] = useLocation();
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-10 px-4 py-6 md:py-8">
      <EditProfileForm onUpdated={(user) => navigate(paths.profile(user.username))} />
      <AppearanceSection />
      <HiddenPeopleSection />
      <TwoFactorSection />
      <ActiveSessions />
      <DataExportSection />
      {/* The session has already ended; `/` sends a signed-out person to the login page. */}
      <DeleteAccountSection onDeleted={() => navigate(paths.root, { replace: true })} />
    </div>
  );
}

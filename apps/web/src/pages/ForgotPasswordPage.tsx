import { useLocation } from 'wouter';
import { paths } from '@pitlane/api/contract';
import { AuthLayout, ForgotPasswordForm } from '@pitlane/ui';

/** Forgot Password (spec §2): e-mail, then code and new password; 2 s after success, `/`. */
export default function ForgotPasswordPage() {
  const [, navigate] = useLocation();
  return (
    <AuthLayout>
      <ForgotPasswordForm onReset={() => navigate(paths.root, { replace: true })} />
    </AuthLayout>
  );
}

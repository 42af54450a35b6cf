import { useLocation } from 'wouter';
import { paths } from '@pitlane/api/contract';
import { AuthLayout, RegisterForm } from '@pitlane/ui';
import { useThirdPartyProvider } from '../app/third-party.ts';

/** Register (spec §2): details, then the e-mailed code; 2 s after success, the login page. */
export default function RegisterPage() {
  const [, navigate] = useLocation();
  const provider = useThirdPartyProvider();
  return (
    <AuthLayout>
      <RegisterForm provider={provider} onRegistered={() => navigate(paths.login, { replace: true })} />
    </AuthLayout>
  );
}

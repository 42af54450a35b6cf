import { Logo } from '@pitlane/ui';

/**
 * The auth layout shell: form column (30%) and artwork (70%, hidden below 900 px). The sign-in
 * form arrives with the identity and auth-screen issues.
 */
export default function LoginPage() {
  return (
    <div className="flex min-h-dvh">
      <main className="flex w-full flex-col justify-center gap-6 px-8 py-12 min-[900px]:w-[30%] min-[900px]:min-w-[360px]">
        <h1>
          <Logo variant="full" size="lg" />
        </h1>
        <p className="text-muted-foreground">Photos, meets and people who love cars.</p>
      </main>
      <div aria-hidden className="hidden flex-1 bg-asphalt min-[900px]:block" />
    </div>
  );
}

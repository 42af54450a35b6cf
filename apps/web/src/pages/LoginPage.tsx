/** The auth layout shell: form column (30%) and artwork (70%, hidden below 900 px). */
export function LoginPage() {
  return (
    <div className="flex min-h-dvh">
      <main className="flex w-full flex-col justify-center px-8 py-12 min-[900px]:w-[30%] min-[900px]:min-w-[360px]">
        <h1 className="text-3xl font-extrabold italic tracking-tight">Pitlane</h1>
        <p className="mt-2 text-muted-foreground">Sign-in arrives with the identity issue.</p>
      </main>
      <div aria-hidden className="hidden flex-1 bg-asphalt min-[900px]:block" />
    </div>
  );
}

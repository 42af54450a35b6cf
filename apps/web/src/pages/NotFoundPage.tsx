import { Link } from 'wouter';
import { paths } from '@pitlane/api/contract';

export default function NotFoundPage() {
  return (
    <main className="grid min-h-dvh place-content-center gap-3 p-8 text-center">
      <h1 className="text-2xl font-bold">Page not found</h1>
      <p className="text-muted-foreground">This road doesn’t lead anywhere.</p>
      <Link className="font-semibold text-accent underline-offset-4 hover:underline" to={paths.root}>
        Back to Pitlane
      </Link>
    </main>
  );
}

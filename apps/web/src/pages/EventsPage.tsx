/** Spec §2: Events exists but is a placeholder; no event data source is shown. */
export default function EventsPage() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold tracking-tight">Events</h1>
      <p className="mt-4 text-muted-foreground">No upcoming events.</p>
    </section>
  );
}

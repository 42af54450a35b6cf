import { useLocation, useParams } from 'wouter';
import { paths } from '@pitlane/api/contract';
import { BuildLog, CarHeader } from '@pitlane/ui';

/**
 * A car's page (`/car/{id}`, issue 17): its cover, specs and owner, then its build log (the
 * posts tagged to it and the owner's log entries, newest first). A removed car leaves for the
 * owner's profile, where the garage no longer shows it.
 */
export default function CarPage() {
  const { id = '' } = useParams();
  const [, navigate] = useLocation();
  return (
    <div className="mx-auto flex w-full max-w-[640px] flex-col gap-8 px-3 py-4 md:px-6 md:py-6">
      <CarHeader carId={id} onRemoved={(car) => navigate(paths.profile(car.owner.username), { replace: true })} />
      <BuildLog carId={id} />
    </div>
  );
}

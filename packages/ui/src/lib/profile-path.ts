// The profile link under its old name, for the one page that still imports it from @pitlane/ui
// (DiscoverPage); everything else links with `paths.profile` of @pitlane/api/contract.
import { paths } from '@pitlane/api/contract';

export const profilePath = paths.profile;

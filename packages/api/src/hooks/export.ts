// The data export (issue 19, Edit Profile "Your data"): the person's zip, fetched as a file. A
// mutation, not a query: every press asks the server for a fresh export, and nothing is cached.
import { useMutation } from '@tanstack/react-query';
import type { DownloadedFile } from '../client/index.ts';
import { useApiClient } from './api-context.tsx';

/** Downloads the signed-in person's data (`mutate()`); resolves to the zip and its file name. */
export function useDataExport() {
  const client = useApiClient();
  return useMutation({ mutationFn: (): Promise<DownloadedFile> => client.download('users.export') });
}

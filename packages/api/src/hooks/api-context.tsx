// Which client the hooks use: same origin by default; stories, tests and other hosts provide one.
import { createContext, useContext, type ReactNode } from 'react';
import { createApiClient, type ApiClient } from '../client/index.ts';

const defaultClient = createApiClient();
const ApiClientContext = createContext<ApiClient>(defaultClient);

export function ApiClientProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiClientContext.Provider value={client}>{children}</ApiClientContext.Provider>;
}

export function useApiClient(): ApiClient {
  return useContext(ApiClientContext);
}

import { SWR_CONFIG } from '@marquee/shared/constants';
import { useMemo } from 'react';
import { RouterProvider } from 'react-router/dom';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { LocaleSync } from './features/auth/components/locale-sync';
import { api, isApiError } from './lib/api';
import { UpdatePrompt } from './pwa/update-prompt';
import { createAppRouter } from './router';

const swrConfig: SWRConfiguration = {
  ...SWR_CONFIG,
  fetcher: (key: string) => api.get(key),
  // Client errors (404, 403 ...) will not change by retrying; server and network errors may.
  onErrorRetry: (error, _key, config, revalidate, { retryCount }) => {
    if (isApiError(error) && error.statusCode >= 400 && error.statusCode < 500) return;
    if (error instanceof Error) return; // 401 'Forbidden in the action!' is already redirecting
    if (retryCount >= 5) return;
    setTimeout(() => revalidate({ retryCount }), config.errorRetryInterval);
  },
};

export function App() {
  const router = useMemo(() => createAppRouter(), []);
  return (
    <SWRConfig value={swrConfig}>
      <RouterProvider router={router} />
      <UpdatePrompt />
      <LocaleSync />
    </SWRConfig>
  );
}

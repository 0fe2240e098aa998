import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { queryClient } from '../lib/api/query-client';
import { useToastsLoaded } from '../lib/errors/error-display-store';
import { I18nProvider } from '../lib/i18n/i18n-provider';
import { cssVariablesResolver, theme } from './theme';

// @mantine/notifications' <Notifications /> loads with the first toast, not with every first load of /
// (lib/errors/toasts.tsx); if its code cannot be loaded, the page goes on without toasts.
const ToastsHost = lazy(
  (): Promise<{ default: () => ReactNode }> =>
    import('../lib/errors/toasts').then(
      (module) => ({ default: module.ToastsHost }),
      () => ({ default: () => null }),
    ),
);

/** The toasts' host, from the first toast on (once mounted it stays: a toast that leaves slides out). */
function Toasts() {
  return useToastsLoaded() ? (
    <Suspense fallback={null}>
      <ToastsHost />
    </Suspense>
  ) : null;
}

/**
 * Mantine (with the toasts), TanStack Query and the catalogue (loaded before the first render: main.tsx).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <I18nProvider>
        <Toasts />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </I18nProvider>
    </MantineProvider>
  );
}

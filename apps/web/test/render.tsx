import { MantineProvider } from '@mantine/core';
import type { Locale } from '@portal/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { cssVariablesResolver, theme } from '../src/app/theme';
import { createQueryClient } from '../src/lib/api/query-client';
import { initI18n, loadRestOfCatalogue } from '../src/lib/i18n/i18n';
import { I18nProvider } from '../src/lib/i18n/i18n-provider';

/** Renders with the app's providers and a fresh query cache, after loading the catalogue of `locale`. */
export async function renderWithProviders(ui: ReactElement, locale: Locale = 'pt-BR') {
  await initI18n(locale);
  await loadRestOfCatalogue();
  const queryClient = createQueryClient();
  const result = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <I18nProvider>{ui}</I18nProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, queryClient };
}

import { Button, Code, Container, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useSupportPhone } from '../features/organization/use-support-phone';
import { useTranslation } from '../lib/i18n/use-translation';
import { randomUuid } from '../lib/random-id';

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

/**
 * The page-level failure screen (docs/product/screens-and-routes.md#error-fallback): error, origin, browser
 * and an event id the user can read to support, with the support phone and a reload.
 */
export function ErrorFallback({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const supportPhone = useSupportPhone();
  const eventId = useMemo(randomUuid, []);
  const details = [
    { label: t('fallback.error'), value: describe(error) },
    { label: t('fallback.origin'), value: window.location.href },
    { label: t('fallback.agent'), value: navigator.userAgent },
    { label: t('fallback.event'), value: eventId },
  ];
  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }} component="main" id="main">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        <Stack gap="md">
          <Title order={1} size="h2">
            {t('fallback.title')}
          </Title>
          <Text>{t('fallback.text')}</Text>
          <SimpleGrid cols={1} spacing="xs" component="dl" m={0}>
            {details.map((detail) => (
              <div key={detail.label}>
                <Text component="dt" size="sm" fw={600}>
                  {detail.label}
                </Text>
                <Code component="dd" block m={0} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                  {detail.value}
                </Code>
              </div>
            ))}
          </SimpleGrid>
          {supportPhone && <Text fw={600}>{t('fallback.support', { phone: supportPhone })}</Text>}
          <Button onClick={() => window.location.reload()} style={{ alignSelf: 'flex-start' }}>
            {t('fallback.reload')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}

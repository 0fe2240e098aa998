import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useTranslation } from '../../lib/i18n/use-translation';

/** `/page-not-found`: where unknown and disabled routes lead. */
export function Component() {
  const { t } = useTranslation();
  return (
    <Stack align="center" ta="center" gap="md" py="xl">
      <title>{`${t('not-found.title')} · ${t('app.name')}`}</title>
      <Text fz={48} fw={600} c="brand.8" aria-hidden>
        404
      </Text>
      <Title order={1} size="h2">
        {t('not-found.title')}
      </Title>
      <Text c="dimmed" maw={420}>
        {t('not-found.subtitle')}
      </Text>
      <Button component={Link} to={paths.login}>
        {t('not-found.home')}
      </Button>
    </Stack>
  );
}

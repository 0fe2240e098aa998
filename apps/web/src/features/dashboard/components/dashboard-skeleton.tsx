import { Box, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/use-translation';

/** A section's frame with a title bar and a body of the given height. */
function SectionSkeleton({ bodyHeight }: { bodyHeight: number }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} h="100%">
      <Stack gap="md">
        <Skeleton h={26} w="40%" />
        <Skeleton h={bodyHeight} />
      </Stack>
    </Paper>
  );
}

/**
 * The dashboard's sections while their data and code load: the same frames, so the wait is short to read. The
 * sections replace it all at once (app/routes/dashboard.tsx), whatever the number of programs and invoices.
 * Two columns wrap to one on a phone without the Grid component, which only the sections need.
 */
export function DashboardSkeleton({ withPrograms }: { withPrograms: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" role="status" aria-label={t('global.loading')}>
      {withPrograms && <SectionSkeleton bodyHeight={150} />}
      <Group gap="lg" align="stretch">
        {withPrograms && (
          <Box style={{ flex: '7 1 20rem' }}>
            <SectionSkeleton bodyHeight={300} />
          </Box>
        )}
        <Box style={{ flex: '5 1 20rem' }}>
          <SectionSkeleton bodyHeight={300} />
        </Box>
      </Group>
    </Stack>
  );
}

import { Box, Paper, Stack, Text, Title } from '@mantine/core';
import type { BatchDetail, BatchEvent } from '@portal/contract';
import { useFormat } from '../../../lib/format/use-format';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { BatchStatusBadge } from './batch-status-badge';

/** Who made a change: a person's first name; no one is the platform, or the rule behind an automatic request. */
function useWho(automatic: boolean) {
  const { t } = useTranslation();
  return (event: BatchEvent) => {
    if (event.by !== null) return t('request.timeline.by', { name: event.by });
    return automatic && event.status === 'REQUESTED'
      ? t('request.timeline.rule')
      : t('request.timeline.platform');
  };
}

/** Every change of the request's status, oldest first: status, date and time, and who made it. */
export function RequestTimeline({ detail }: { detail: BatchDetail }) {
  const { t } = useTranslation();
  const format = useFormat();
  const who = useWho(detail.automatic);
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="request-timeline"
    >
      <Title order={2} size="h4" id="request-timeline" mb="md">
        {t('request.timeline.title')}
      </Title>
      <Stack component="ol" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
        {detail.events.map((event, index) => {
          const isLast = index === detail.events.length - 1;
          return (
            <Box
              component="li"
              key={`${event.status}-${event.at}`}
              pl="lg"
              pb={isLast ? 0 : 'md'}
              pos="relative"
              data-event={event.status}
              style={{
                borderLeft: isLast ? '2px solid transparent' : '2px solid var(--mantine-color-gray-3)',
                marginLeft: 6,
              }}
            >
              <Box
                aria-hidden
                pos="absolute"
                left={-8}
                top={4}
                w={14}
                h={14}
                bg={isLast ? 'brand.6' : 'gray.5'}
                style={{ borderRadius: '50%', border: '2px solid white' }}
              />
              <Stack gap={2}>
                <div>
                  <BatchStatusBadge status={event.status} />
                </div>
                <Text size="sm">
                  <time dateTime={event.at}>{format.dateTime(event.at)}</time> · {who(event)}
                </Text>
              </Stack>
            </Box>
          );
        })}
      </Stack>
    </Paper>
  );
}

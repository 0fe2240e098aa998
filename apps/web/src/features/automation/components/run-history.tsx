import { Anchor, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { AutoRuleRun } from '@portal/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { pathTo } from '../../../config/paths';
import { useFormat } from '../../../lib/format/use-format';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useAutoRuleRuns } from '../api/list-auto-rule-runs';
import { reasonKeyOf, runStatusLooks, runsPageSize } from '../runs';

function RunItem({ run }: { run: AutoRuleRun }) {
  const { t } = useTranslation();
  const format = useFormat();
  const reason = reasonKeyOf(run);
  const look = runStatusLooks[run.status];
  return (
    <li data-run={run.date}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600} component="span">
          {format.date(run.date)}
        </Text>
        <Badge color={look.color} c={look.text} variant="light" tt="none">
          {t(`automation.runs.status.${run.status}`)}
        </Badge>
        {run.batchId !== null && (
          <Anchor component={Link} to={pathTo('anticipationRequest', { id: String(run.batchId) })} size="sm">
            {t('automation.runs.request', { id: run.batchId })}
          </Anchor>
        )}
      </Group>
      {reason && (
        <Text size="sm" c="dimmed">
          {t(reason)}
        </Text>
      )}
    </li>
  );
}

/** A rule's runs, newest first, a few at a time: date, status, the reason translated, the request made. */
export function RunHistory({ ruleId, id }: { ruleId: number; id: string }) {
  const { t } = useTranslation();
  const runs = useAutoRuleRuns(ruleId, true);
  const [shown, setShown] = useState(runsPageSize);
  if (runs.isPending) {
    return (
      <Group id={id} gap="xs" role="status">
        <Loader size="xs" aria-hidden />
        <Text size="sm" c="dimmed">
          {t('automation.runs.loading')}
        </Text>
      </Group>
    );
  }
  if (runs.isError) {
    return (
      <Group id={id} gap="xs">
        <Text size="sm" role="alert">
          {t('automation.runs.error')}
        </Text>
        <Button size="compact-sm" variant="light" onClick={() => void runs.refetch()}>
          {t('global.try-again')}
        </Button>
      </Group>
    );
  }
  if (runs.data.length === 0) {
    return (
      <Text id={id} size="sm" c="dimmed">
        {t('automation.runs.empty')}
      </Text>
    );
  }
  return (
    <Stack id={id} gap="xs">
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
        {runs.data.slice(0, shown).map((run) => (
          <RunItem key={`${run.date}-${run.at}`} run={run} />
        ))}
      </Stack>
      {runs.data.length > shown && (
        <Button
          size="compact-sm"
          variant="subtle"
          style={{ alignSelf: 'start' }}
          onClick={() => setShown((count) => count + runsPageSize)}
        >
          {t('automation.runs.more')}
        </Button>
      )}
    </Stack>
  );
}

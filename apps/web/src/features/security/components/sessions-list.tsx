import { Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { Session } from '@portal/contract';
import { showSuccess } from '../../../lib/errors/error-display-store';
import { useFormat } from '../../../lib/format/use-format';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/sessions';

/**
 * The user's live sessions (docs/product/account-security.md#sessions): device, address, started and last
 * used, this device marked; any other one can be ended, or all of them at once. This device's session ends
 * with the profile's exit.
 */
export function SessionsList() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  if (sessions.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden />
        <Text size="sm" c="dimmed">
          {t('security.sessions.loading')}
        </Text>
      </Group>
    );
  }
  if (sessions.isError) {
    return (
      <Group gap="sm">
        <Text size="sm" role="alert">
          {t('security.sessions.error')}
        </Text>
        <Button size="compact-sm" variant="light" onClick={() => void sessions.refetch()}>
          {t('global.try-again')}
        </Button>
      </Group>
    );
  }
  const others = sessions.data.filter((session) => !session.current).length;
  return (
    <Stack gap="sm">
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {sessions.data.map((session) => (
          <SessionRow key={session.id} session={session} />
        ))}
      </Stack>
      {others > 0 ? (
        <Button
          variant="default"
          c="red.9"
          style={{ alignSelf: 'start' }}
          loading={endOthers.isPending}
          onClick={() =>
            endOthers.mutate(undefined, {
              onSuccess: ({ ended }) =>
                showSuccess('security.sessions.ended-others', { count: String(ended) }),
            })
          }
        >
          {t('security.sessions.end-others')}
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          {t('security.sessions.no-others')}
        </Text>
      )}
    </Stack>
  );
}

function SessionRow({ session }: { session: Session }) {
  const { t } = useTranslation();
  const format = useFormat();
  const end = useEndSession();
  const device = session.device ?? t('security.sessions.unknown-device');
  const started = format.dateTime(session.startedAt);
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="session-row">
      <Group justify="space-between" align="start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {device}
            </Text>
            {session.current && (
              <Badge variant="light" color="green" c="#1b6b2e" tt="none">
                {t('security.sessions.current')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {t('security.sessions.address', { address: session.address ?? '—' })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('security.sessions.started', { at: started })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('security.sessions.last-used', { at: format.dateTime(session.lastUsedAt) })}
          </Text>
        </Stack>
        {!session.current && (
          <Button
            size="xs"
            variant="default"
            c="red.9"
            loading={end.isPending}
            onClick={() =>
              end.mutate(session.id, { onSuccess: () => showSuccess('security.sessions.ended', { device }) })
            }
          >
            {t('security.sessions.end')}{' '}
            <span className="visually-hidden">{t('security.sessions.which', { device, at: started })}</span>
          </Button>
        )}
      </Group>
    </Paper>
  );
}

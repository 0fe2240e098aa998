import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import type { PinProblem } from '../../lib/errors/pin-problem';
import { useFormat } from '../../lib/format/use-format';
import { useTranslation } from '../../lib/i18n/use-translation';

/** Where the transaction PIN is set: the profile's security section. */
export const pinSettingsPath = `${paths.profile}#security`;

type Props = { problem: PinProblem | null; id?: string };

/**
 * What a PIN refusal says beside the PIN field, for the refusals the field itself cannot carry
 * (docs/product/account-security.md#pin): no PIN yet, with the way to the profile where it is set; a lock,
 * with the time it opens again in the user's language. Nothing for the others (they go on the field).
 */
export function PinNotice({ problem, id }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  if (problem?.code === 'error.user.pinNotRegistered') {
    return (
      <Alert color="yellow" variant="light" role="alert" id={id}>
        <Stack gap={4}>
          <Text size="sm" c="dark.9">
            {t('error.user.pinNotRegistered')}
          </Text>
          <Anchor component={Link} to={pinSettingsPath} size="sm" fw={600}>
            {t('pin.set-up')}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  if (problem?.code === 'error.user.pinLocked') {
    const until = problem.until === null ? t('pin.later') : format.dateTime(new Date(problem.until));
    return (
      <Alert color="red" variant="light" role="alert" id={id}>
        <Text size="sm" c="dark.9">
          {t('error.user.pinLocked', { until })}
        </Text>
      </Alert>
    );
  }
  return null;
}

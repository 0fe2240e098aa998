import { Anchor, Group, Paper, Text } from '@mantine/core';
import type { Program } from '@portal/contract';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { ProgramSwatch } from './program-swatch';

type Props = { program: Program; back: { to: string; state?: unknown } };

/** The back ribbon of the early-payment screens: the way back and the program the screen is about. */
export function ProgramRibbon({ program, back }: Props) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" px="md" py="xs">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Anchor component={Link} to={back.to} state={back.state} fw={600} size="sm">
          <span aria-hidden>← </span>
          {t('global.back')}
        </Anchor>
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <ProgramSwatch color={program.color} size={10} />
          <Text size="sm" truncate="end">
            {program.name}
          </Text>
        </Group>
      </Group>
    </Paper>
  );
}

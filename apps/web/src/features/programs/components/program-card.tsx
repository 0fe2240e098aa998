import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { Program } from '@portal/contract';
import { Link } from 'react-router';
import { useFormat } from '../../../lib/format/use-format';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { ProgramSwatch } from './program-swatch';

type Props = { program: Program; to: string; state: unknown };

/**
 * One program: color, name, buyer type, identification and name, and the available value. The whole card is
 * the link that opens the program's invoices (with the program in navigation state).
 */
export function ProgramCard({ program, to, state }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const isActive = program.providerStatus === 'ACTIVATED';
  return (
    <Card
      component={Link}
      to={to}
      state={state}
      withBorder
      radius="md"
      padding="md"
      h="100%"
      data-program={program.id}
    >
      <Stack gap="xs" h="100%">
        <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
          <Group gap="xs" wrap="nowrap">
            <ProgramSwatch color={program.color} />
            <Text fw={600} lh={1.3}>
              {program.name}
            </Text>
          </Group>
          {!isActive && (
            <Badge color="yellow" variant="light" c="#7a4d00" style={{ flex: 'none' }}>
              {t('programs.inactive')}
            </Badge>
          )}
        </Group>
        <Stack gap={0}>
          <Text size="sm">{program.buyerName}</Text>
          <Text size="sm" c="dimmed">
            {t(
              program.buyerType === 'INDIVIDUAL'
                ? 'programs.buyer-type.INDIVIDUAL'
                : 'programs.buyer-type.CORPORATION',
            )}{' '}
            {format.identification(program.buyerIdentification)}
          </Text>
        </Stack>
        <Stack gap={0} mt="auto">
          <Text size="xs" c="dimmed">
            {t('programs.available')}
          </Text>
          <Text fw={600} size="lg" ta="left">
            {format.money(program.value)}
          </Text>
        </Stack>
      </Stack>
    </Card>
  );
}

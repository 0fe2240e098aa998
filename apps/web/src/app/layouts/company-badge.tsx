import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { Company } from '@portal/contract';
import type { ReactNode } from 'react';
import { useFormat } from '../../lib/format/use-format';
import { useTranslation } from '../../lib/i18n/use-translation';

type Props = {
  company: Company | undefined;
  hasFailed: boolean;
  onChange: () => void;
  /** A phone's header row: name and CNPJ on the left, the button on the right, no label. */
  isCompact?: boolean;
};

/** A line of the badge; while the company loads, a placeholder of the same height (the header must not grow). */
function Line({ isLoading, width, children }: { isLoading: boolean; width: string; children: ReactNode }) {
  return isLoading ? (
    <Skeleton w={width} maw="100%">
      {children}
    </Skeleton>
  ) : (
    children
  );
}

/** The company the user acts for, its formatted CNPJ/CPF and the change-company button. */
export function CompanyBadge({ company, hasFailed, onChange, isCompact = false }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const isLoading = !company && !hasFailed;
  // Placeholders keep a line's height (a non-breaking space) while the company loads.
  const name = company?.name ?? '\u00a0';
  const identification = company ? format.identification(company.identification) : '\u00a0';
  if (isCompact) {
    return (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={0} miw={0}>
          <Line isLoading={isLoading} width="10rem">
            <Text fw={600} size="sm" truncate="end">
              {company || !hasFailed ? name : t('header.error.message')}
            </Text>
          </Line>
          {(company || isLoading) && (
            <Line isLoading={isLoading} width="8rem">
              <Text size="xs" c="dimmed">
                {identification}
              </Text>
            </Line>
          )}
        </Stack>
        <Button variant="light" size="compact-sm" onClick={onChange} style={{ flexShrink: 0 }}>
          {t('header.change-company')}
        </Button>
      </Group>
    );
  }
  return (
    <Stack gap={2} align="flex-start">
      <Text size="xs" c="dimmed">
        {t('header.company')}
      </Text>
      {(company || isLoading) && (
        <>
          <Line isLoading={isLoading} width="10rem">
            <Text fw={600} size="sm" lh={1.3}>
              {name}
            </Text>
          </Line>
          <Line isLoading={isLoading} width="8rem">
            <Text size="xs" c="dimmed">
              {identification}
            </Text>
          </Line>
        </>
      )}
      {hasFailed && (
        <Group gap={4}>
          <Text size="xs" c="red.9">
            {t('header.error.message')}
          </Text>
          <Button variant="subtle" size="compact-xs" onClick={() => window.location.reload()}>
            {t('header.refresh')}
          </Button>
        </Group>
      )}
      <Button variant="subtle" size="compact-xs" px={0} onClick={onChange}>
        {t('header.change-company')}
      </Button>
    </Stack>
  );
}

import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { BatchDetail } from '@portal/contract';
import { FigureLine } from '../../../components/data-display/figure-line';
import { useFormat } from '../../../lib/format/use-format';
import { useTranslation } from '../../../lib/i18n/use-translation';

/**
 * A fact of the request: its label above, its value below; a code (a payment's reference, the bank account)
 * takes a whole line and may break anywhere.
 */
function Fact({ label, value, isCode }: { label: string; value: string; isCode?: boolean }) {
  return (
    <div style={isCode ? { gridColumn: '1 / -1' } : undefined}>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500} style={isCode ? { overflowWrap: 'anywhere' } : undefined}>
        {value}
      </Text>
    </div>
  );
}

/**
 * What the request is and what it is worth, as frozen when it was made: the net amount as the largest figure,
 * program, buyer, request and payment dates, who pays (the funder, or the buyer's name for the program's own
 * rate: docs/product/requests.md#funder), the bank account it is paid into (masked, as the
 * API answers it: docs/product/requests.md#bank-account), then the original value, each cost and the net amount.
 */
export function RequestSummary({ detail }: { detail: BatchDetail }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="request-summary"
    >
      <Text id="request-summary" className="visually-hidden" component="h2">
        {t('request.summary.title')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack gap="md">
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {t('history.column.net')}
            </Text>
            <Text
              fz={{ base: 32, sm: 40 }}
              fw={600}
              lh={1.15}
              c="var(--portal-money-received)"
              data-testid="request-net"
            >
              {format.money(detail.total)}
            </Text>
          </Stack>
          <SimpleGrid component="dl" cols={2} spacing="md" verticalSpacing="sm" m={0}>
            <Fact label={t('request.program')} value={detail.programName} />
            <Fact label={t('invoices.column.buyer')} value={detail.buyerName} />
            <Fact label={t('request.requested-at')} value={format.dateTime(detail.requestedAt)} />
            <Fact label={t('simulation.total.payment-date')} value={format.date(detail.paymentDate)} />
            <Fact label={t('history.column.funder')} value={detail.funder.name} />
            {/* A whole line: "341 / 0912 / ****73-2" cut in a half-width column reads badly. */}
            {detail.bankAccount && (
              <Fact label={t('request.bank-account')} value={detail.bankAccount} isCode />
            )}
            {detail.paymentReference && (
              <Fact label={t('request.payment-reference')} value={detail.paymentReference} isCode />
            )}
          </SimpleGrid>
        </Stack>
        <Stack gap="xs" component="dl" m={0} data-testid="request-totals">
          <FigureLine label={t('history.column.value')} value={format.money(detail.value)} />
          <FigureLine label={t('invoices.column.discount')} value={format.money(detail.discount)} isCost />
          <FigureLine label={t('simulation.total.bank-fee')} value={format.money(detail.fees)} isCost />
          <FigureLine label={t('request.iof')} value={format.money(detail.iof)} isCost />
          <FigureLine
            label={t('history.column.net')}
            value={format.money(detail.total)}
            isStrong
            rule="solid"
          />
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}

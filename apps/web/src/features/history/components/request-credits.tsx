import { Button, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { BatchCredit } from '@portal/contract';
import { useState } from 'react';
import { InvoiceKey } from '../../../components/invoice/invoice-key';
import { useFormat } from '../../../lib/format/use-format';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { reaisToCents } from '../../../lib/money';

/** Rows shown at first and added per "show more": a request of thousands of invoices stays quick to render. */
const pageRows = 100;

type Figure = { label: string; of: (credit: BatchCredit) => string };

/** The money figures of a credit as frozen in the request; IOF is its daily and fixed parts together. */
function useFigures(): readonly Figure[] {
  const { t } = useTranslation();
  const format = useFormat();
  return [
    { label: t('history.column.value'), of: (credit) => format.money(credit.originalValue) },
    { label: t('invoices.column.discount'), of: (credit) => format.money(credit.discount) },
    { label: t('simulation.total.bank-fee'), of: (credit) => format.money(credit.bankFee) },
    {
      label: t('request.iof'),
      of: (credit) => format.cents(reaisToCents(credit.dailyIof) + reaisToCents(credit.fixedIof)),
    },
    { label: t('simulation.column.net'), of: (credit) => format.money(credit.anticipation) },
  ];
}

function CreditTable({ credits }: { credits: readonly BatchCredit[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const figures = useFigures();
  return (
    <Table.ScrollContainer
      minWidth={860}
      type="native"
      tabIndex={0}
      pos="relative"
      role="group"
      aria-labelledby="request-credits"
    >
      <Table aria-labelledby="request-credits" striped bg="white" withTableBorder verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('invoices.column.nfNumber')}</Table.Th>
            <Table.Th scope="col">{t('invoices.column.installment')}</Table.Th>
            <Table.Th scope="col">{t('invoices.column.expireDate')}</Table.Th>
            {figures.map((figure) => (
              <Table.Th key={figure.label} scope="col" ta="right">
                {figure.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {credits.map((credit) => (
            <Table.Tr key={credit.id} data-credit={credit.id}>
              <Table.Td>
                {credit.nfNumber}
                {credit.invoiceKey && <InvoiceKey value={credit.invoiceKey} />}
              </Table.Td>
              <Table.Td>{credit.installmentNumber}</Table.Td>
              <Table.Td>{format.date(credit.expireDate)}</Table.Td>
              {figures.map((figure) => (
                <Table.Td key={figure.label} ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {figure.of(credit)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CreditCards({ credits }: { credits: readonly BatchCredit[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const figures = useFigures();
  const fact = (label: string, value: string, isStrong = false) => (
    <div key={label}>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={isStrong ? 600 : 400}>
        {value}
      </Text>
    </div>
  );
  return (
    <Stack
      component="ul"
      gap="sm"
      p={0}
      m={0}
      aria-labelledby="request-credits"
      style={{ listStyle: 'none' }}
    >
      {credits.map((credit) => (
        <li key={credit.id} data-credit={credit.id}>
          <Stack
            gap="xs"
            p="sm"
            bg="white"
            style={{
              border: '1px solid var(--mantine-color-gray-3)',
              borderRadius: 'var(--mantine-radius-md)',
            }}
          >
            <SimpleGrid component="dl" cols={2} spacing="xs" verticalSpacing={4} m={0}>
              {fact(t('invoices.column.nfNumber'), credit.nfNumber, true)}
              {fact(t('invoices.column.installment'), String(credit.installmentNumber))}
              {fact(t('invoices.column.expireDate'), format.date(credit.expireDate))}
              {figures.map((figure, index) =>
                fact(figure.label, figure.of(credit), index === figures.length - 1),
              )}
            </SimpleGrid>
            {credit.invoiceKey && <InvoiceKey value={credit.invoiceKey} />}
          </Stack>
        </li>
      ))}
    </Stack>
  );
}

/**
 * The request's credits with their frozen figures: number (with the access key of its checked NF-e, if any),
 * instalment, due date, original value, discount, bank fees, IOF and net. A table on a laptop, a card each on a phone; a hundred at a time.
 */
export function RequestCredits({ credits, isPhone }: { credits: readonly BatchCredit[]; isPhone: boolean }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(pageRows);
  const visible = credits.slice(0, shown);
  return (
    <Stack gap="xs" component="section" aria-labelledby="request-credits">
      <Title order={2} size="h4" id="request-credits">
        {t('request.credits.title', { count: credits.length })}
      </Title>
      {isPhone ? <CreditCards credits={visible} /> : <CreditTable credits={visible} />}
      {credits.length > shown && (
        <Stack align="center" gap={4}>
          <Text size="sm" c="dimmed">
            {t('simulation.table.shown', { shown, total: credits.length })}
          </Text>
          <Button variant="default" onClick={() => setShown((count) => count + pageRows)}>
            {t('simulation.table.more')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

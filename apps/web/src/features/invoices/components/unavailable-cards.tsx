import { Text } from '@mantine/core';
import type { UnavailableCredit } from '@portal/contract';
import { useFormat } from '../../../lib/format/use-format';
import { useTranslation } from '../../../lib/i18n/use-translation';
import classes from './invoice-list.module.css';
import { useReasonText } from './use-reason-text';

type Props = { credits: readonly UnavailableCredit[]; labelledBy: string };

/** The credits that cannot be advanced, on a phone: a card each, as the invoice list's, the reason first. */
export function UnavailableCards({ credits, labelledBy }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const reasonText = useReasonText();
  return (
    <ul aria-labelledby={labelledBy} style={{ margin: 0, padding: 0, listStyle: 'none' }}>
      {credits.map((credit) => (
        <li key={credit.id} data-credit={credit.id} style={{ paddingBottom: 8 }}>
          <div className={classes.card}>
            <Text fw={600}>
              {t('invoices.card.title', { number: credit.nfNumber, serial: credit.nfSerial })}
            </Text>
            <Text size="sm" c="dimmed" truncate="end">
              {credit.buyer}
            </Text>
            <Text size="sm" mt={4} fw={500}>
              {reasonText(credit)}
            </Text>
            <dl className={classes.cardFacts}>
              <div>
                <dt>{t('invoices.column.expireDate')}</dt>
                <dd>{format.date(credit.expireDate)}</dd>
              </div>
              <div>
                <dt>{t('invoices.column.originalValue')}</dt>
                <dd>{format.money(credit.originalValue)}</dd>
              </div>
              <div>
                <dt>{t('invoices.column.installment')}</dt>
                <dd>{credit.installmentNumber}</dd>
              </div>
            </dl>
          </div>
        </li>
      ))}
    </ul>
  );
}

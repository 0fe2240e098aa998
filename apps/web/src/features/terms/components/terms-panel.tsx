import { Anchor, Button, Checkbox, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { SafeHtml } from '../../../components/safe-html';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useTermsOfUse } from '../api/get-terms-of-use';

type Props = { fullTermsHref: string; isAccepting: boolean; onAccept: () => void };

/**
 * The terms of use: the sanitised summary, the full text in a new tab, a checkbox, and the continue button
 * that appears only once the box is checked (docs/product/screens-and-routes.md#terms-page).
 */
export function TermsPanel({ fullTermsHref, isAccepting, onAccept }: Props) {
  const { t } = useTranslation();
  const terms = useTermsOfUse();
  const [isChecked, setChecked] = useState(false);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={720} mx="auto" w="100%">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('terms.title')}
        </Title>
        <Text>{t('terms.intro')}</Text>
        {terms.isPending && <PageSpinner />}
        {terms.isError && (
          <ErrorState
            message={t('header.error.message')}
            actionLabel={t('global.try-again')}
            onAction={() => void terms.refetch()}
          />
        )}
        {terms.isSuccess && (
          <Paper bg="gray.0" p="md" radius="sm">
            <SafeHtml html={terms.data.summaryHtml} />
          </Paper>
        )}
        <Anchor href={fullTermsHref} target="_blank" rel="noopener noreferrer">
          {t('terms.full')} <span className="visually-hidden">{t('global.new-tab')}</span>
        </Anchor>
        <Checkbox
          label={t('terms.accept')}
          checked={isChecked}
          onChange={(event) => setChecked(event.currentTarget.checked)}
        />
        {isChecked && (
          <Button onClick={onAccept} loading={isAccepting} size="md" style={{ alignSelf: 'flex-start' }}>
            {t('terms.continue')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

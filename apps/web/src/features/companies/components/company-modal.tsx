import { Box, Button, Group, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Company } from '@portal/contract';
import { useState } from 'react';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useMyCompanies } from '../api/list-my-companies';
import { useSetDefaultCompany } from '../api/set-default-company';
import { filterCompanies } from '../filter-companies';
import { CompanyRow } from './company-row';

type Props = {
  opened: boolean;
  /** No company is set: the modal cannot be closed (docs/product/screens-and-routes.md#company-modal). */
  isMandatory: boolean;
  currentId: number | undefined;
  onClose: () => void;
  onChosen: (company: Company) => void;
};

/** Company selection: 825 × 535 on desktop, full screen on a phone; search, clean filter, Access. */
export function CompanyModal({ opened, isMandatory, currentId, onClose, onChosen }: Props) {
  const { t, i18n } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 767px)');
  const [query, setQuery] = useState('');
  const companies = useMyCompanies(opened);
  const choose = useSetDefaultCompany();
  const shown = filterCompanies(companies.data ?? [], query, i18n.language);
  const access = (company: Company) =>
    choose.mutate(company.id, {
      onSuccess: (chosen) => {
        setQuery('');
        onChosen(chosen);
      },
    });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={825}
      fullScreen={isPhone}
      withCloseButton={!isMandatory}
      closeOnEscape={!isMandatory}
      closeOnClickOutside={!isMandatory}
      closeButtonProps={{ 'aria-label': t('global.close') }}
      title={t('company.title')}
    >
      <Stack gap="sm" h={isPhone ? undefined : 535 - 80}>
        {isMandatory && <Text size="sm">{t('company.mandatory')}</Text>}
        <Group align="end" gap="xs" wrap="nowrap">
          <TextInput
            label={t('company.search')}
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            style={{ flex: 1 }}
            data-autofocus
          />
          <Button variant="default" onClick={() => setQuery('')} disabled={query === ''}>
            {t('company.clean')}
          </Button>
        </Group>
        {companies.isPending && <PageSpinner />}
        {companies.isError && (
          <ErrorState
            message={t('company.error')}
            actionLabel={t('global.try-again')}
            onAction={() => void companies.refetch()}
          />
        )}
        {companies.isSuccess && (
          <ScrollArea.Autosize mah={isPhone ? undefined : 380} type="auto">
            {shown.length === 0 ? (
              <Text c="dimmed" py="md" role="status">
                {t('company.empty')}
              </Text>
            ) : (
              <Box component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {shown.map((company) => (
                  <CompanyRow
                    key={company.id}
                    company={company}
                    isCurrent={company.id === currentId}
                    isBusy={choose.isPending && choose.variables === company.id}
                    onAccess={access}
                  />
                ))}
              </Box>
            )}
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Modal>
  );
}

import { Stack, TextInput } from '@mantine/core';
import { ErrorState } from '../../../components/feedback/error-state';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useMyPerson } from '../api/get-my-person';

/** #data: full name and email, read-only; a refresh when they could not be loaded. */
export function ProfileData() {
  const { t } = useTranslation();
  const person = useMyPerson();
  if (person.isPending) return <PageSpinner />;
  if (person.isError) {
    return (
      <ErrorState
        message={t('profile.data.error')}
        actionLabel={t('global.try-again')}
        onAction={() => void person.refetch()}
      />
    );
  }
  return (
    <Stack gap="md" maw={480}>
      <TextInput label={t('profile.name')} value={person.data.name} readOnly />
      <TextInput label={t('profile.email')} value={person.data.email} readOnly />
    </Stack>
  );
}

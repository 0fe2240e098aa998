import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { limits, passwordResetRequestJsonSchema } from '@portal/contract';
import { FormTextField } from '../../../components/form/form-fields';
import { FormSubmit } from '../../../components/form/form-submit';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useRequestPasswordReset } from '../api/request-password-reset';

/** Email, back and send; on success a modal says the email went out and its action goes back. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const form = useZodForm(passwordResetRequestJsonSchema, { email: '' });
  const request = useRequestPasswordReset();
  const submit = form.handleSubmit(({ email }) => request.mutate(email));
  return (
    <>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={1} size="h2">
            {t('forgot.title')}
          </Title>
          <Text>{t('forgot.text')}</Text>
          <FormTextField
            control={form.control}
            name="email"
            label={t('forgot.email')}
            type="email"
            autoComplete="email"
            maxLength={limits.emailMax}
          />
          <Group justify="space-between" align="start">
            <Button variant="default" onClick={onBack}>
              {t('global.back')}
            </Button>
            <FormSubmit control={form.control} label={t('forgot.send')} loading={request.isPending} />
          </Group>
        </Stack>
      </form>
      <Modal
        opened={request.isSuccess}
        onClose={onBack}
        title={t('forgot.success.title')}
        closeButtonProps={{ 'aria-label': t('global.close') }}
        centered
      >
        <Stack gap="lg">
          <Text>{t('forgot.success.text')}</Text>
          <Button onClick={onBack} data-autofocus>
            {t('forgot.success.action')}
          </Button>
        </Stack>
      </Modal>
    </>
  );
}

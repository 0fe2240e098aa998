import { Button, Group } from '@mantine/core';
import type { Control, FieldValues } from 'react-hook-form';
import { FormSubmit } from '../../../components/form/form-submit';
import { useTranslation } from '../../../lib/i18n/use-translation';

type Props<T extends FieldValues, O> = {
  control: Control<T, unknown, O>;
  onPrevious: () => void;
  submitLabel?: string;
  isSubmitting?: boolean;
};

/** Previous (one step back) and the step's submit, disabled while the step is submitted and invalid. */
export function StepActions<T extends FieldValues, O>({
  control,
  onPrevious,
  submitLabel,
  isSubmitting,
}: Props<T, O>) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="flex-start" mt="xs" wrap="nowrap">
      <Button variant="default" onClick={onPrevious} style={{ flexShrink: 0 }}>
        {t('global.back')}
      </Button>
      <FormSubmit control={control} label={submitLabel ?? t('invite.next')} loading={isSubmitting} />
    </Group>
  );
}

import { Radio, Stack } from '@mantine/core';
import type { WhatsAppStatus } from '@portal/contract';
import { type Control, useController } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { InviteDraft } from '../invite-draft';

const choices = ['RECEIVE', 'NOT_RECEIVE'] as const satisfies readonly WhatsAppStatus[];

/**
 * Receive WhatsApp messages or not; nothing is chosen at first (NOT_KNOWN,
 * docs/product/accounts-and-sessions.md#invitations).
 */
export function WhatsAppChoice({ control }: { control: Control<InviteDraft> }) {
  const { t } = useTranslation();
  const { field } = useController({ control, name: 'whatsAppStatus' });
  return (
    <Radio.Group
      label={t('invite.whatsapp.legend')}
      value={field.value}
      onChange={(value) => field.onChange(value)}
      name={field.name}
    >
      <Stack gap="sm" mt="xs">
        {choices.map((choice) => (
          <Radio key={choice} value={choice} label={t(`invite.whatsapp.${choice}`)} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

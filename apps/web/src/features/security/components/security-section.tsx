import { Badge, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import type { Account } from '@portal/contract';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { PinForm } from './pin-form';
import { SessionsList } from './sessions-list';
import { TwoFactorDisableForm } from './two-factor-disable-form';
import { TwoFactorEnrolment } from './two-factor-enrolment';

type Props = {
  account: Account;
  /** For the recovery codes' file. */
  issuer: string;
  /** What the account says changed (the factor, the PIN): the caller reads it again. */
  onAccountChanged: () => void;
};

function Part({
  title,
  status,
  children,
}: {
  title: string;
  status?: { on: boolean; label: string };
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Stack component="section" gap="sm" aria-labelledby={titleId}>
      <Group gap="sm" align="center">
        <Title order={3} size="h4" id={titleId}>
          {title}
        </Title>
        {status && (
          <Badge
            variant="light"
            tt="none"
            color={status.on ? 'green' : 'gray'}
            c={status.on ? '#1b6b2e' : '#3d4148'}
          >
            {status.label}
          </Badge>
        )}
      </Group>
      {children}
    </Stack>
  );
}

/**
 * The profile's #security (docs/product/account-security.md): the second factor (enrol, or turn off unless the
 * organization requires it), the transaction PIN (set or change), and the live sessions.
 */
export function SecuritySection({ account, issuer, onAccountChanged }: Props) {
  const { t } = useTranslation();
  const [factor, setFactor] = useState<'view' | 'enrol' | 'disable'>('view');
  const [isEditingPin, setEditingPin] = useState(false);
  const isOn = account.twoFactorEnabled;
  return (
    <Stack gap="lg">
      <Part
        title={t('security.2fa.title')}
        status={{ on: isOn, label: t(isOn ? 'security.2fa.on' : 'security.2fa.off') }}
      >
        <Text size="sm" c="dimmed">
          {t('security.2fa.text')}
        </Text>
        {account.twoFactorRequired && <Text size="sm">{t('security.2fa.required')}</Text>}
        {factor === 'enrol' && (
          <TwoFactorEnrolment
            issuer={issuer}
            onEnabled={onAccountChanged}
            doneLabel={t('security.codes.done')}
            onDone={() => setFactor('view')}
            onCancel={() => setFactor('view')}
          />
        )}
        {factor === 'disable' && (
          <TwoFactorDisableForm
            onDisabled={() => {
              setFactor('view');
              onAccountChanged();
            }}
            onCancel={() => setFactor('view')}
          />
        )}
        {factor === 'view' && !isOn && (
          <Button style={{ alignSelf: 'start' }} onClick={() => setFactor('enrol')}>
            {t('security.2fa.enable')}
          </Button>
        )}
        {factor === 'view' && isOn && !account.twoFactorRequired && (
          <Button variant="default" style={{ alignSelf: 'start' }} onClick={() => setFactor('disable')}>
            {t('security.2fa.disable')}
          </Button>
        )}
      </Part>
      <Divider />
      <Part
        title={t('security.pin.title')}
        status={{ on: account.pinSet, label: t(account.pinSet ? 'security.pin.on' : 'security.pin.off') }}
      >
        <Text size="sm" c="dimmed">
          {t('security.pin.text')}
        </Text>
        {isEditingPin ? (
          <PinForm
            onSaved={() => {
              setEditingPin(false);
              onAccountChanged();
            }}
            onCancel={() => setEditingPin(false)}
          />
        ) : (
          <Button
            variant={account.pinSet ? 'default' : 'filled'}
            style={{ alignSelf: 'start' }}
            onClick={() => setEditingPin(true)}
          >
            {t(account.pinSet ? 'security.pin.change' : 'security.pin.create')}
          </Button>
        )}
      </Part>
      <Divider />
      <Part title={t('security.sessions.title')}>
        <Text size="sm" c="dimmed">
          {t('security.sessions.text')}
        </Text>
        <SessionsList />
      </Part>
    </Stack>
  );
}

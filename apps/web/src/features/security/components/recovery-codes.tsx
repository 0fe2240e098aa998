import { Alert, Box, Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { showSuccess } from '../../../lib/errors/error-display-store';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { saveFile } from '../../../lib/save-file';
import { recoveryCodesText } from '../otpauth';

type Props = {
  codes: readonly string[];
  /** The organization or product name, for the file's heading. */
  issuer: string;
  doneLabel: string;
  onDone: () => void;
};

/**
 * The ten recovery codes, shown once (only their hashes are kept: docs/product/account-security.md): a list
 * to copy or download as a .txt, and the step's end, which the user takes once they are kept.
 */
export function RecoveryCodes({ codes, issuer, doneLabel, onDone }: Props) {
  const { t } = useTranslation();
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus(), []);
  const text = recoveryCodesText(t('security.codes.file-heading', { issuer }), codes);
  const copy = () =>
    void navigator.clipboard.writeText(text).then(
      () => showSuccess('security.codes.copied'),
      () => undefined,
    );
  return (
    <Stack gap="md" data-testid="recovery-codes">
      <Title order={4} size="h5" ref={titleRef} tabIndex={-1}>
        {t('security.codes.title')}
      </Title>
      <Alert color="yellow" variant="light">
        <Text size="sm" c="dark.9">
          {t('security.codes.text')}
        </Text>
      </Alert>
      <Box
        component="ol"
        m={0}
        p={0}
        aria-label={t('security.codes.list')}
        style={{
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(10rem, 1fr))',
          gap: 'var(--mantine-spacing-xs)',
        }}
      >
        {codes.map((code) => (
          <li key={code}>
            <Code fz="md" px="sm" py={6} style={{ display: 'block', letterSpacing: '0.05em' }}>
              {code}
            </Code>
          </li>
        ))}
      </Box>
      <Group gap="sm">
        <Button variant="default" onClick={copy}>
          {t('security.codes.copy')}
        </Button>
        <Button
          variant="default"
          onClick={() =>
            saveFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), t('security.codes.file-name'))
          }
        >
          {t('security.codes.download')}
        </Button>
      </Group>
      <Button onClick={onDone} style={{ alignSelf: 'start' }}>
        {doneLabel}
      </Button>
    </Stack>
  );
}

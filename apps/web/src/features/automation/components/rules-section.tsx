import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { type AutoRule, autoRulesPerProgramProviderMax } from '@portal/contract';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useAutoRules } from '../api/list-auto-rules';
import { RuleCard } from './rule-card';
import { RuleForm } from './rule-form';

type Props = {
  programProviderId: number;
  isActive: boolean;
  /** Whether the form (a new rule, or an edit) is open in place of the list. */
  onFormChange?: (isOpen: boolean) => void;
  /** Saving a rule (a pause and a resume too) asks for the transaction PIN in this program. */
  requirePin?: boolean;
};

/**
 * The participation's automatic rules: each as a card, and a new one; creating or editing replaces the list by
 * the form (in the drawer, no dialog over a dialog), and closing it brings the list back with the focus on
 * the section's heading.
 */
export function RulesSection({ programProviderId, isActive, onFormChange, requirePin = false }: Props) {
  const { t } = useTranslation();
  const rules = useAutoRules(programProviderId);
  const [editing, setEditingState] = useState<AutoRule | 'new' | null>(null);
  const setEditing = (next: AutoRule | 'new' | null) => {
    setEditingState(next);
    onFormChange?.(next !== null);
  };
  const titleRef = useRef<HTMLHeadingElement>(null);
  const focusTitle = () => requestAnimationFrame(() => titleRef.current?.focus());

  if (editing !== null) {
    return (
      <RuleForm
        programProviderId={programProviderId}
        rule={editing === 'new' ? null : editing}
        requirePin={requirePin}
        onClose={() => {
          setEditing(null);
          focusTitle();
        }}
      />
    );
  }
  const count = rules.data?.length ?? 0;
  const isFull = count >= autoRulesPerProgramProviderMax;
  const list = () => {
    if (rules.isPending) {
      return (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm" c="dimmed">
            {t('automation.rules.loading')}
          </Text>
        </Group>
      );
    }
    if (rules.isError) {
      return (
        <Group gap="sm">
          <Text size="sm" role="alert">
            {t('automation.rules.error')}
          </Text>
          <Button size="compact-sm" variant="light" onClick={() => void rules.refetch()}>
            {t('global.try-again')}
          </Button>
        </Group>
      );
    }
    if (count === 0) {
      return (
        <Text size="sm" c="dimmed">
          {t('automation.rules.empty')}
        </Text>
      );
    }
    return (
      <Stack gap="sm">
        {rules.data.map((rule) => (
          <RuleCard
            key={rule.id}
            rule={rule}
            programProviderId={programProviderId}
            onEdit={setEditing}
            onDeleted={focusTitle}
            requirePin={requirePin}
          />
        ))}
      </Stack>
    );
  };
  const blockedReason = !isActive
    ? t('automation.inactive')
    : isFull
      ? t('automation.rules.full', { max: autoRulesPerProgramProviderMax })
      : null;
  return (
    <Stack component="section" gap="sm" aria-labelledby="rules-title">
      <Title order={3} size="h4" id="rules-title" ref={titleRef} tabIndex={-1}>
        {t('automation.rules.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('automation.rules.text')}
      </Text>
      {list()}
      <Stack gap={4} align="start">
        <Button
          variant="light"
          onClick={() => setEditing('new')}
          disabled={blockedReason !== null || !rules.isSuccess}
          aria-describedby={blockedReason ? 'rules-new-hint' : undefined}
        >
          {t('automation.rules.new')}
        </Button>
        {blockedReason && (
          <Text size="xs" c="dimmed" id="rules-new-hint">
            {blockedReason}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}

import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { AutoRule } from '@portal/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { showSuccess } from '../../../lib/errors/error-display-store';
import { useFormat } from '../../../lib/format/use-format';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useDeleteAutoRule, useUpdateAutoRule } from '../api/save-auto-rule';
import { settingsOfRule } from '../rule-draft';
import { describeRule } from '../rule-summary';
import { RulePinPrompt } from './rule-pin-prompt';
import { RunHistory } from './run-history';

type Props = {
  rule: AutoRule;
  programProviderId: number;
  onEdit: (rule: AutoRule) => void;
  /** After the rule is deleted (its card goes: the section takes the focus). */
  onDeleted: () => void;
  /** Pausing or resuming saves the rule's settings: the program's transaction PIN is asked first. */
  requirePin?: boolean;
};

/**
 * Which rule a button acts on, for screen readers: the visible verb, then "the 09:30 rule" (or, for the runs,
 * "of the 09:30 rule"), so each button's name starts with what it shows.
 */
function Which({ time, of = false }: { time: string; of?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {' '}
      <span className="visually-hidden">
        {t(of ? 'automation.runs.which' : 'automation.rule.which', { time })}
      </span>
    </>
  );
}

/**
 * One rule: when it runs and what it takes in words, active or paused, and its actions (edit, pause or
 * resume, delete after an in-place confirmation whose first focus keeps the rule), and its run history on
 * demand.
 */
export function RuleCard({ rule, programProviderId, onEdit, onDeleted, requirePin = false }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const update = useUpdateAutoRule(programProviderId);
  const remove = useDeleteAutoRule(programProviderId);
  const [isConfirming, setConfirming] = useState(false);
  const [showsRuns, setShowsRuns] = useState(false);
  const [isAskingPin, setAskingPin] = useState(false);
  const keepRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  const titleId = useId();
  const runsId = useId();
  const questionId = useId();
  const summary = describeRule(rule, { t, ...format });

  // The confirmation's first focus is "keep"; when it closes, the focus returns to "delete".
  useEffect(() => {
    if (isConfirming) keepRef.current?.focus();
    else if (wasConfirming.current) deleteRef.current?.focus();
    wasConfirming.current = isConfirming;
  }, [isConfirming]);

  const toggleActive = (pin?: string, onRefused?: (error: unknown) => void) =>
    update.mutate(
      { id: rule.id, settings: { ...settingsOfRule(rule), active: !rule.active, ...(pin ? { pin } : {}) } },
      {
        onSuccess: (saved) => {
          setAskingPin(false);
          showSuccess(saved.active ? 'automation.rule.resumed-now' : 'automation.rule.paused-now', {
            time: saved.time,
          });
        },
        onError: onRefused,
      },
    );
  const confirmDelete = () =>
    remove.mutate(rule.id, {
      onSuccess: () => {
        showSuccess('automation.rule.deleted', { time: rule.time });
        onDeleted();
      },
    });

  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={titleId} data-rule={rule.id}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="start" gap="sm">
          <Title order={4} size="h5" id={titleId}>
            {summary.when}
          </Title>
          <Badge
            variant="light"
            tt="none"
            color={rule.active ? 'green' : 'gray'}
            c={rule.active ? '#1b6b2e' : '#3d4148'}
            data-testid="rule-status"
          >
            {rule.active ? t('automation.rule.active') : t('automation.rule.paused')}
          </Badge>
        </Group>
        <Text size="sm">{summary.takes}</Text>
        <Text size="sm" c="dimmed">
          {summary.limit}
        </Text>
        {isAskingPin ? (
          <RulePinPrompt
            actionLabel={rule.active ? t('automation.rule.pause') : t('automation.rule.resume')}
            isPending={update.isPending}
            onSubmit={(pin, onRefused) => toggleActive(pin, onRefused)}
            onCancel={() => setAskingPin(false)}
          />
        ) : isConfirming ? (
          <Stack gap="xs" role="group" aria-labelledby={questionId}>
            <Text size="sm" fw={600} id={questionId}>
              {t('automation.rule.delete.question', { time: rule.time })}
            </Text>
            <Group gap="xs">
              <Button
                ref={keepRef}
                size="xs"
                variant="default"
                onClick={() => setConfirming(false)}
                disabled={remove.isPending}
              >
                {t('automation.rule.delete.keep')}
              </Button>
              <Button size="xs" color="red.9" onClick={confirmDelete} loading={remove.isPending}>
                {t('automation.rule.delete.confirm')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => onEdit(rule)}>
              {t('automation.rule.edit')}
              <Which time={rule.time} />
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={() => (requirePin ? setAskingPin(true) : toggleActive())}
              loading={update.isPending}
            >
              {rule.active ? t('automation.rule.pause') : t('automation.rule.resume')}
              <Which time={rule.time} />
            </Button>
            <Button ref={deleteRef} size="xs" variant="default" c="red.9" onClick={() => setConfirming(true)}>
              {t('automation.rule.delete')}
              <Which time={rule.time} />
            </Button>
          </Group>
        )}
        <Button
          size="compact-sm"
          variant="subtle"
          style={{ alignSelf: 'start' }}
          aria-expanded={showsRuns}
          aria-controls={showsRuns ? runsId : undefined}
          onClick={() => setShowsRuns((shows) => !shows)}
        >
          <span aria-hidden style={{ marginInlineEnd: 6 }}>
            {showsRuns ? '▾' : '▸'}
          </span>
          {t('automation.runs.toggle')}
          <Which time={rule.time} of />
        </Button>
        {showsRuns && <RunHistory ruleId={rule.id} id={runsId} />}
      </Stack>
    </Paper>
  );
}

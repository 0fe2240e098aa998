import { Button, Group, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type AutoRule, type AutoRuleBody, autoRuleBodySchema } from '@portal/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { PinNotice } from '../../../components/feedback/pin-notice';
import { TransactionPinField } from '../../../components/form/form-code-field';
import { FormTextField } from '../../../components/form/form-fields';
import { FormNumberField } from '../../../components/form/form-number-field';
import { FormSubmit } from '../../../components/form/form-submit';
import { applyServerErrors, useZodDraftForm } from '../../../components/form/use-zod-form';
import { showSuccess } from '../../../lib/errors/error-display-store';
import { isFieldPinProblem, type PinProblem, pinProblemOf } from '../../../lib/errors/pin-problem';
import { useFormat } from '../../../lib/format/use-format';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useCreateAutoRule, useUpdateAutoRule } from '../api/save-auto-rule';
import { bodyOfDraft, draftOfRule, emptyRuleDraft, type RuleDraft, settingsOfBody } from '../rule-draft';
import { RulePreview } from './rule-preview';

type Props = {
  programProviderId: number;
  /** The rule to edit; null for a new one. */
  rule: AutoRule | null;
  /** After a save (with the saved rule) or a cancel. */
  onClose: () => void;
  /**
   * The program asks for the transaction PIN to save a rule: a rule requests early payment on its own
   * (docs/product/account-security.md#pin).
   */
  requirePin?: boolean;
};

/** The form's values: the rule's draft, and the PIN where the program requires it (never stored). */
type RuleFormValues = RuleDraft & { pin: string };

/** The preview follows the draft once the user pauses typing for this long. */
export const previewDelayMs = 500;

/**
 * The draft's preview body: the draft as the contract's schema reads it, or null while it has errors. `active`
 * is left out: a paused rule's edits are previewed as what the rule would take once resumed.
 */
function previewBodyOf(programProviderId: number, draft: RuleDraft): AutoRuleBody | null {
  // A preview moves no money: no PIN (the draft's own fields only).
  const { active: _, ...body } = bodyOfDraft(programProviderId, draft);
  const parsed = autoRuleBodySchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/**
 * A new rule, or a saved one's settings: the time, the optional filters and whether it is active, checked by
 * the contract's schema (messages on the fields after the first submit), with the preview of what the draft
 * would request now beside them. A time outside the program's window, refused by the server, shows on the
 * time field (and in the toast, as any refusal).
 */
export function RuleForm({ programProviderId, rule, onClose, requirePin = false }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const create = useCreateAutoRule(programProviderId);
  const update = useUpdateAutoRule(programProviderId);
  const initial: RuleFormValues = { ...(rule ? draftOfRule(rule) : emptyRuleDraft), pin: '' };
  const form = useZodDraftForm(autoRuleBodySchema, initial, ({ pin, ...draft }: RuleFormValues) => {
    const body = bodyOfDraft(programProviderId, draft);
    return requirePin ? { ...body, pin } : body;
  });
  const [pinProblem, setPinProblem] = useState<PinProblem | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus(), []);

  // The preview follows the draft: its text as a key, so an unchanged draft asks nothing again.
  const { pin: _pin, ...watched } = form.watch();
  const draftKey = JSON.stringify(watched);
  const [settledKey] = useDebouncedValue(draftKey, previewDelayMs);
  const previewBody = useMemo(
    () => previewBodyOf(programProviderId, JSON.parse(settledKey) as RuleDraft),
    [programProviderId, settledKey],
  );

  const onError = (error: unknown) => {
    applyServerErrors(form.setError, error, { code: 'error.autoRule.timeOutsideWindow', field: 'time' });
    const problem = pinProblemOf(error);
    setPinProblem(problem);
    if (isFieldPinProblem(problem)) form.setError('pin', { type: 'server', message: problem.code });
  };
  const submit = form.handleSubmit((body) => {
    setPinProblem(null);
    if (rule) {
      update.mutate(
        { id: rule.id, settings: settingsOfBody(body) },
        {
          onSuccess: (saved) => {
            showSuccess('automation.rule.saved', { time: saved.time });
            onClose();
          },
          onError,
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: (saved) => {
          showSuccess('automation.rule.created', { time: saved.time });
          onClose();
        },
        onError,
      });
    }
  });
  const number = { control: form.control, decimalSeparator: format.decimalSeparator, allowNegative: false };
  const money = { ...number, decimalScale: 2, leftSection: format.currencySymbol, leftSectionWidth: 40 };
  const days = { ...number, allowDecimal: false };

  return (
    <Stack component="section" gap="md" aria-labelledby="rule-form-title">
      <Title order={3} size="h4" id="rule-form-title" ref={titleRef} tabIndex={-1}>
        {rule ? t('automation.form.edit', { time: rule.time }) : t('automation.form.new')}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormTextField
            control={form.control}
            name="time"
            type="time"
            label={t('automation.form.time')}
            description={t('automation.form.time-hint')}
            maw={220}
          />
          <Stack component="fieldset" gap="sm" m={0} p={0} style={{ border: 0, minWidth: 0 }}>
            <Text component="legend" fw={600} size="sm" p={0}>
              {t('automation.form.filters')}
            </Text>
            <Text size="xs" c="dimmed" mt={-6}>
              {t('automation.form.filters-hint')}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
              <FormNumberField
                {...number}
                name="maxMonthlyCost"
                label={t('automation.form.max-cost')}
                decimalScale={2}
              />
              <FormNumberField {...money} name="minCreditValue" label={t('automation.form.min-value')} />
              <FormNumberField
                {...days}
                name="minDays"
                label={t('automation.form.min-days')}
                deps={['maxDays']}
              />
              <FormNumberField {...days} name="maxDays" label={t('automation.form.max-days')} />
              <FormNumberField {...money} name="maxTotalPerDay" label={t('automation.form.max-total')} />
            </SimpleGrid>
          </Stack>
          <Controller
            control={form.control}
            name="active"
            render={({ field }) => (
              <Switch
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                onBlur={field.onBlur}
                ref={field.ref}
                name={field.name}
                label={t('automation.form.active')}
              />
            )}
          />
          <RulePreview body={previewBody} />
          {requirePin && <TransactionPinField control={form.control} name="pin" maw={320} />}
          <PinNotice problem={pinProblem} />
          <Group align="start" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('global.cancel')}
            </Button>
            <FormSubmit
              control={form.control}
              label={t('automation.form.save')}
              loading={create.isPending || update.isPending}
            />
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

import { Alert, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { planBodySchema } from '@portal/contract';
import { useEffect } from 'react';
import { FormTextField } from '../../../components/form/form-fields';
import { FormNumberField } from '../../../components/form/form-number-field';
import { FormSubmit } from '../../../components/form/form-submit';
import { applyServerErrors, useZodDraftForm } from '../../../components/form/use-zod-form';
import { isApiError } from '../../../lib/errors/app-error';
import { useFormat } from '../../../lib/format/use-format';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useCreatePlan } from '../api/create-plan';
import { emptyPlanDraft, planBodyOfDraft } from '../rule-draft';

type Props = {
  programProviderId: number;
  isActive: boolean;
  /** The plan's credits, for the simulation to price (never empty). */
  onPlanned: (creditIds: number[]) => void;
};

/** The most a request made now could reach by the date, when the plan was refused for it; else null. */
function reachableOf(error: unknown): number | null {
  if (!isApiError(error) || error.detail.code !== 'error.plan.notEnough') return null;
  return error.detail.params?.reachable ?? 0;
}

/**
 * "I need R$ … by …": the cheapest credits whose net reaches the amount, paid on or before the date, open in
 * the simulation, where the supplier reviews them before confirming. When they do not reach it, the message
 * says how much can be reached by that date.
 */
export function PlannerForm({ programProviderId, isActive, onPlanned }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
  const plan = useCreatePlan();
  const form = useZodDraftForm(planBodySchema, emptyPlanDraft, (draft) =>
    planBodyOfDraft(programProviderId, draft),
  );
  const submit = form.handleSubmit((body) =>
    plan.mutate(body, {
      onSuccess: (answer) => {
        if (answer.creditIds.length > 0) onPlanned(answer.creditIds);
      },
      // Not enough is said by the message under the fields, with its amount; the amount itself is valid.
      onError: (error) => {
        if (reachableOf(error) === null) applyServerErrors(form.setError, error);
      },
    }),
  );
  // The message is about the amount and date it answered: it goes as soon as either changes.
  const { reset } = plan;
  useEffect(() => {
    const subscription = form.watch(() => reset());
    return () => subscription.unsubscribe();
  }, [form, reset]);
  const reachable = reachableOf(plan.error);
  return (
    <Stack component="section" gap="sm" aria-labelledby="planner-title">
      <Title order={3} size="h4" id="planner-title">
        {t('automation.plan.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('automation.plan.text')}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
            <FormNumberField
              control={form.control}
              name="amount"
              label={t('automation.plan.amount')}
              decimalSeparator={format.decimalSeparator}
              decimalScale={2}
              allowNegative={false}
              leftSection={format.currencySymbol}
              leftSectionWidth={40}
            />
            <FormTextField control={form.control} name="date" type="date" label={t('automation.plan.date')} />
          </SimpleGrid>
          {reachable !== null && (
            <Alert color="red" variant="light" role="alert" data-testid="plan-not-enough">
              <Text size="sm" c="dark.9">
                {t('error.plan.notEnough', { reachable: format.money(reachable) })}
              </Text>
            </Alert>
          )}
          <FormSubmit
            control={form.control}
            label={t('automation.plan.submit')}
            loading={plan.isPending}
            blockedReason={isActive ? null : t('automation.inactive')}
            style={{ alignSelf: 'start' }}
          />
        </Stack>
      </form>
    </Stack>
  );
}

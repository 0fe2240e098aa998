import { createPlanCall, type PlanBody } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/api-client';

export const createPlan = (body: PlanBody) => callApi(createPlanCall, { body });

/**
 * The cheapest credits that reach an amount by a date. Its error.plan.notEnough is shown by the planner, in
 * place, with the reachable amount (lib/errors/display-rules.ts does not toast it); any other error goes the
 * one error path.
 */
export function useCreatePlan() {
  return useMutation({ mutationKey: ['plans'], mutationFn: createPlan });
}

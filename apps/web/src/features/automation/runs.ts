import { type AutoRuleRun, type AutoRuleRunStatus, type ErrorCode, isErrorCode } from '@portal/contract';

/** How many runs show at first, and how many more each "show more" adds. */
export const runsPageSize = 10;

/**
 * The catalogue key of a run's reason: its error code (error.operation.closed, error.bankAccount.empty,
 * error.autoRule.nothingToTake…), error.unknown for a code this build does not know, null when it has none
 * (a TAKEN run).
 */
export function reasonKeyOf(run: Pick<AutoRuleRun, 'reason'>): ErrorCode | null {
  if (run.reason === null || run.reason === '') return null;
  return isErrorCode(run.reason) ? run.reason : 'error.unknown';
}

/** The look of a run's status: light badges with dark text (Mantine's light text falls below WCAG AA). */
export const runStatusLooks: Record<AutoRuleRunStatus, { color: string; text: string }> = {
  TAKEN: { color: 'green', text: '#1b6b2e' },
  NOTHING: { color: 'gray', text: '#3d4148' },
  FAILED: { color: 'red', text: '#8f1d17' },
  MISSED: { color: 'orange', text: '#7a3a00' },
};

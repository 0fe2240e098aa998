import type { PlatformFunder } from '@portal/contract';

/**
 * Who funds a request, as the platform's calls and events name it (docs/product/platform-api.md#funder): the
 * funder's ref and name, read with a left join on `batches.funder_id`; null for the house offer (no funder).
 */
export function platformFunderOf(ref: string | null, name: string | null): PlatformFunder {
  return ref === null || name === null ? null : { ref, name };
}

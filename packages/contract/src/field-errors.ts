import type { z } from 'zod';
import type { FieldError } from './errors';
import { isValidationMessageKey } from './validation-messages';

/**
 * Turns zod issues into the `fieldErrors` of the error body. The server uses it for every 400
 * error.validation, the web app for showing a server answer next to its fields, so both name fields alike:
 * the dotted path (`creditEstimates.0.id`), or '' for the whole body.
 *
 * A message that is not a catalogue key (zod's own English, from a check the contract did not word) becomes
 * 'validation.invalid': no server English reaches a user.
 */
export function toFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  const errors: FieldError[] = [];
  for (const issue of issues) {
    const message = isValidationMessageKey(issue.message) ? issue.message : 'validation.invalid';
    const base = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') {
      // One entry per unknown key, so the client can point at each.
      for (const key of issue.keys)
        errors.push({ field: [...base, key].join('.'), message: 'validation.unknownField' });
      continue;
    }
    if (issue.code === 'invalid_union') {
      // Report the branch that came closest: the one whose issues are not all type mismatches at its root.
      const branch = issue.errors.find((branchIssues) => branchIssues.some((i) => i.path.length > 0));
      if (branch) {
        const nested = toFieldErrors(branch.map((i) => ({ ...i, path: [...issue.path, ...i.path] })));
        errors.push(...nested);
        continue;
      }
    }
    errors.push({ field: base.join('.'), message });
  }
  return dedupe(errors);
}

function dedupe(errors: FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return errors.filter((error) => {
    const key = `${error.field}\u0000${error.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

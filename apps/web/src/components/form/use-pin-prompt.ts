import { useEffect, useState } from 'react';
import { isFieldPinProblem, type PinProblem, pinProblemOf } from '../../lib/errors/pin-problem';
import { pinOnlySchema } from './form-code-field';
import { useZodForm } from './use-zod-form';

/**
 * The transaction PIN asked by a call that moves money (docs/product/account-security.md#pin): its one-field
 * form, what the server said of the last PIN (`problem`, for PinNotice), and `refused`, the handler a call's
 * failure goes to: a wrong PIN lands on the field, a lock or a missing PIN in the notice. With `open` false
 * (a dialog or panel closed), the PIN typed and what was said of it are forgotten, so each opening asks afresh.
 */
export function usePinPrompt({
  open = true,
  onField = () => true,
}: {
  open?: boolean;
  onField?: () => boolean;
} = {}) {
  const form = useZodForm(pinOnlySchema, { pin: '' });
  const [problem, setProblem] = useState<PinProblem | null>(null);
  const { reset } = form;
  useEffect(() => {
    if (open) return;
    reset({ pin: '' });
    setProblem(null);
  }, [open, reset]);
  const refused = (error: unknown): PinProblem | null => {
    const found = pinProblemOf(error);
    setProblem(found);
    if (isFieldPinProblem(found) && onField()) form.setError('pin', { type: 'server', message: found.code });
    return found;
  };
  /** The form's submit: the PIN checked by its schema, the last problem cleared, then `send`. */
  const submitWithPin = (send: (pin: string) => void) =>
    form.handleSubmit(({ pin }) => {
      setProblem(null);
      send(pin);
    });
  return { form, problem, refused, submitWithPin };
}

import { type ErrorCode, isErrorCode } from '@portal/contract';

/**
 * The outcome of a login the browser posted before the app took `/` over, which the server answered by drawing
 * the login again (apps/api/src/http/spa.ts, docs/decisions/server-drawn-pages.md#login-posted-before-take-over):
 * the email kept (never the password), and the refusal's error code, the one-use token of the second factor's
 * step, or that the form's own rules refused it.
 */
export type LoginAnswer = { email: string; refusal?: string; mfaToken?: string; invalid?: true };

/** The answer the page was drawn with, the same on the server's render and on the app's first one. */
let drawn: LoginAnswer | null = null;

export const drawnLogin = {
  get: (): LoginAnswer | null => drawn,
  set: (answer: LoginAnswer | null) => {
    drawn = answer;
  },
};

/** The message the app shows for a refusal's code; a code the catalogue does not know shows error.unknown. */
export function refusalMessageKey(code: string): ErrorCode {
  return isErrorCode(code) ? code : 'error.unknown';
}

/** The state a drawn page carries (the server writes it as #page-state), before the app takes the page over. */
export function readDrawnLogin(page: Document): LoginAnswer | null {
  const text = page.getElementById('page-state')?.textContent;
  if (!text) return null;
  try {
    const { login } = JSON.parse(text) as { login?: Partial<LoginAnswer> };
    if (typeof login?.email !== 'string') return null;
    return {
      email: login.email,
      ...(typeof login.refusal === 'string' && { refusal: login.refusal }),
      ...(typeof login.mfaToken === 'string' && { mfaToken: login.mfaToken }),
      ...(login.invalid === true && { invalid: true as const }),
    };
  } catch {
    return null;
  }
}

/** The state as a drawn page carries it: JSON that no `</script>` or `<!--` in an email can end early. */
export function pageStateOf(answer: LoginAnswer): string {
  return JSON.stringify({ login: answer }).replace(/</g, '\\u003c');
}

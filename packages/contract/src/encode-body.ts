import type { Call } from './define-call';

export type EncodedBody = { body?: string | FormData; contentType?: string };

/**
 * A call's body as it goes over the wire, in the first media type the call consumes: a form for the token
 * call, plain text where the call takes a string, multipart as the FormData given (the sender sets the
 * boundary), JSON otherwise. The web client and the API tests send bodies through this one function.
 */
export function encodeCallBody(call: Call, body: unknown): EncodedBody {
  if (body === undefined) return {};
  const type = call.consumes?.[0] ?? 'application/json';
  if (type === 'multipart/form-data') return { body: body as FormData };
  if (type === 'application/x-www-form-urlencoded') {
    const fields = Object.entries(body as Record<string, string | undefined>).filter(
      (field): field is [string, string] => field[1] !== undefined,
    );
    return { body: new URLSearchParams(fields).toString(), contentType: type };
  }
  if (type === 'text/plain') return { body: String(body), contentType: 'text/plain;charset=UTF-8' };
  return { body: JSON.stringify(body), contentType: 'application/json' };
}

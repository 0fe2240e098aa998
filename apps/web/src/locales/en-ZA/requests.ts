import { requests as en } from '../en/requests';
import type { requests as source } from '../pt-BR/requests';

/** South African English: where the en catalogue differs. */
export const requests = { ...en } satisfies Record<keyof typeof source, string>;

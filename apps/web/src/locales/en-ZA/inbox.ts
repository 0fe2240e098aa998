import { inbox as en } from '../en/inbox';
import type { inbox as source } from '../pt-BR/inbox';

/** South African English: where the en catalogue differs. */
export const inbox = { ...en } satisfies Record<keyof typeof source, string>;

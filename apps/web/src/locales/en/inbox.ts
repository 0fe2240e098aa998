import type { inbox as source } from '../pt-BR/inbox';

export const inbox = {} satisfies Record<keyof typeof source, string>;

import type { requests as source } from '../pt-BR/requests';

export const requests = {} satisfies Record<keyof typeof source, string>;

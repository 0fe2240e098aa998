import { flow } from './flow';
import { invite } from './invite';

/** The early-payment flow and the invitation: loaded with the first page that needs them. */
export const rest = { ...flow, ...invite };

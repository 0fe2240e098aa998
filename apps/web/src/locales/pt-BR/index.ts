import { first } from './first';
import { rest } from './rest';

/** The source catalogue: its keys are the key set every other catalogue must have, no more, no less. */
export const catalogue = { ...first, ...rest };

import { auth } from './auth';
import { errors } from './errors';
import { flow } from './flow';
import { invite } from './invite';
import { shell } from './shell';
import { validation } from './validation';

/** The source catalogue: its keys are the key set every other catalogue must have, no more, no less. */
export const catalogue = { ...shell, ...auth, ...errors, ...validation, ...flow, ...invite };

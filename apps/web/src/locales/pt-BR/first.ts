import { auth } from './auth';
import { errors } from './errors';
import { shell } from './shell';
import { validation } from './validation';

/** What the shell and the login page show: loaded before the first render. */
export const first = { ...shell, ...auth, ...errors, ...validation };

import { auth } from './auth';
import { errors } from './errors';
import { shell } from './shell';
import { validation } from './validation';

export const catalogue = { ...shell, ...auth, ...errors, ...validation };

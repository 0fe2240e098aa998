import { auth } from './auth';
import { errors } from './errors';
import { flow } from './flow';
import { invite } from './invite';
import { shell } from './shell';
import { validation } from './validation';

export const catalogue = { ...shell, ...auth, ...errors, ...validation, ...flow, ...invite };

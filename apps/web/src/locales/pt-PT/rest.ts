import { automation } from './automation';
import { flow } from './flow';
import { inbox } from './inbox';
import { invite } from './invite';
import { requests } from './requests';
import { security } from './security';

/** The early-payment flow, a request's life and the invitation: loaded with the first page that needs them. */
export const rest = { ...flow, ...invite, ...requests, ...inbox, ...automation, ...security };

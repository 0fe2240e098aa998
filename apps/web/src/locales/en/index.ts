import { first } from './first';
import { rest } from './rest';

export const catalogue = { ...first, ...rest };

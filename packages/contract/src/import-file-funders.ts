import { z } from 'zod';
import { cnpjSchema, normalizeIdentification } from './identification';
import { importList, importRefSchema } from './import-file-parties';
import { strictBody, textSchema } from './primitives';
import { msg } from './validation-messages';

/**
 * A funder (docs/import-format.md#funders): a bank, FIDC or other institution that pays suppliers early in the
 * programs that admit it (`programs[].funders`). Its identification is a CNPJ, digits or letters, punctuation
 * and case free.
 */
export const importFunderSchema = strictBody({
  ref: importRefSchema,
  organization: importRefSchema,
  name: textSchema(),
  identification: z
    .string(msg('validation.cnpj.invalid'))
    .transform(normalizeIdentification)
    .pipe(cnpjSchema),
});

/** The funders a program admits, by ref: only they may post offers in it. */
export const importProgramFundersSchema = importList(importRefSchema);

import { type Call, calls, creditPageSchema } from '@portal/contract';
import Fastify from 'fastify';
import { serializerCompiler as zodSerializer } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSerializerCompiler, compileStringify } from './answer-serializer';

const account = z.object({
  id: z.number().int(),
  login: z.string(),
  langKey: z.enum(['pt-BR', 'en']),
  lastUsedAt: z.iso.datetime().nullable(),
  nickname: z.string().optional(),
  roles: z.array(z.string()),
});

async function serverAnswering(checkAnswers: boolean, schema: z.ZodType, answer: unknown) {
  const app = Fastify();
  app.setSerializerCompiler(answerSerializerCompiler({ checkAnswers }));
  app.get('/thing', { schema: { response: { 200: schema } } }, async () => answer);
  return app.inject({ method: 'GET', url: '/thing' });
}

const zodBytes = (schema: z.ZodType, data: unknown) =>
  (zodSerializer({ schema, method: 'GET', url: '/thing' } as never) as (d: unknown) => string)(data);

describe('answers as JSON', () => {
  const answer = {
    roles: ['ROLE_PROVIDER'],
    id: 7,
    login: 'ana@fornecedora.test',
    langKey: 'pt-BR',
    lastUsedAt: null,
    // What a handler may carry along from a row: never sent, as the contract does not declare it.
    passwordHash: '$argon2id$v=19$secret',
  };

  it('sends only what the contract declares, in its order, byte for byte what zod sent', async () => {
    for (const checkAnswers of [false, true]) {
      const res = await serverAnswering(checkAnswers, account, answer);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(
        '{"id":7,"login":"ana@fornecedora.test","langKey":"pt-BR","lastUsedAt":null,"roles":["ROLE_PROVIDER"]}',
      );
      expect(res.body).toBe(zodBytes(account, answer));
    }
  });

  it('checking answers, one outside the contract is a 500; not checking, its undeclared field is still not sent', async () => {
    const wrong = { ...answer, id: 'seven', langKey: 'fr' };
    const checked = await serverAnswering(true, account, wrong);
    expect(checked.statusCode).toBe(500);
    expect(checked.body).not.toContain('seven');
    const unchecked = await serverAnswering(false, account, wrong);
    expect(unchecked.body).not.toContain('passwordHash');
  });

  it('a credits page: the same bytes as zod’s (nullable, optional and money fields)', async () => {
    const row = {
      id: 284,
      nfNumber: '144203',
      nfSerial: '3',
      buyer: 'Compradora "Bench" S.A. – São Paulo',
      orderDetail: null,
      installmentNumber: 2,
      expireDate: '2026-12-04',
      originalValue: 43813.72,
      discountedValue: 424.98,
      anticipationValue: 43388.74,
      kind: 'SERVICE',
      requiresInvoice: true,
      invoiceUploaded: false,
      invoiceKey: null,
    };
    const page = {
      content: [row, { ...row, id: 285, orderDetail: 'PC-1\n<b>', invoiceKey: '3'.repeat(44) }],
      number: 0,
      size: 30,
      last: true,
      totalElements: 2,
    };
    const res = await serverAnswering(true, creditPageSchema, page);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(zodBytes(creditPageSchema, page));
    expect(JSON.parse(res.body)).toEqual(creditPageSchema.parse(page));
  });

  it('every answer schema of the contract compiles to fast-json-stringify, but those of calls with no body', () => {
    const withSchema = Object.values(calls).filter((call: Call) => call.response instanceof z.ZodType);
    expect(withSchema.length).toBeGreaterThan(50);
    const kept = withSchema.filter((call) => compileStringify(call.response as z.ZodType) === undefined);
    // No body (z.void): zod's serializer, which Fastify does not even call for an empty answer.
    expect(kept.length).toBeGreaterThan(0);
    for (const call of kept) expect((call.response as z.ZodType).safeParse(undefined).success).toBe(true);
  });
});

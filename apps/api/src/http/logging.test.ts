import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { loggerOptions } from './logging';

it('redacts Authorization (Bearer or Basic), cookies and client secrets wherever a headers object is logged', () => {
  const lines: string[] = [];
  const app = Fastify({ logger: loggerOptions('info', { write: (line) => void lines.push(line) }) });
  const basic = `Basic ${Buffer.from('portal-web:portal-web-secret').toString('base64')}`;
  app.log.info({ upstream: { headers: { authorization: basic, cookie: 'sid=abc123' } } }, 'one');
  app.log.info({ form: { client_id: 'portal-web', client_secret: 'portal-web-secret' } }, 'two');
  const text = lines.join('');
  expect(text).not.toContain(basic.slice('Basic '.length));
  expect(text).not.toContain('portal-web-secret');
  expect(text).not.toContain('sid=abc123');
  expect(text).toContain('"client_id":"portal-web"');
  expect(text.match(/\[redacted\]/g)).toHaveLength(3);
});

it('redacts a company’s bank account and branch wherever a company object is logged', () => {
  const lines: string[] = [];
  const app = Fastify({ logger: loggerOptions('info', { write: (line) => void lines.push(line) }) });
  const bankAccount = { bank: '237', branch: '0472', account: '0098765-4' };
  app.log.info({ company: { name: 'Fornecedora', bankAccount } }, 'answer');
  app.log.info({ company: { bankCode: '237', bankBranch: '0472', bankAccount: '0098765-4' } }, 'row');
  const text = lines.join('');
  expect(text).not.toContain('0098765-4');
  expect(text).not.toContain('0472');
  expect(text).toContain('"name":"Fornecedora"');
  expect(text.match(/\[redacted\]/g)).toHaveLength(3);
});

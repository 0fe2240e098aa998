import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { loadSecretsKey, secretBox } from './secret-box';

describe('secret box', () => {
  const box = secretBox(Buffer.alloc(32, 7));

  it('opens what it sealed, and a new nonce makes each sealing different', () => {
    const a = box.seal('JBSWY3DPEHPK3PXP');
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(a);
    expect(box.open(a)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a tampered text and another key', () => {
    const sealed = box.seal('secret');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    expect(() => box.open([...parts.slice(0, 3), body.toString('base64url')].join('.'))).toThrow();
    expect(() => secretBox(Buffer.alloc(32, 8)).open(sealed)).toThrow();
    expect(() => box.open('plain')).toThrow('not a sealed secret');
  });

  it('uses SECRETS_KEY, else a key file it makes once (mode 0600) and reads again', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'secrets-'));
    const first = loadSecretsKey({ secretsKey: undefined, dataDir });
    expect(first).toHaveLength(32);
    const file = path.join(dataDir, 'secrets.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSecretsKey({ secretsKey: undefined, dataDir }).equals(first)).toBe(true);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64').equals(first)).toBe(true);
    const configured = Buffer.alloc(32, 3).toString('base64');
    expect(loadSecretsKey({ secretsKey: configured, dataDir }).equals(Buffer.alloc(32, 3))).toBe(true);
  });

  it('refuses a SECRETS_KEY that is not 32 bytes', () => {
    expect(() => loadConfig({ SECRETS_KEY: Buffer.alloc(16).toString('base64') })).toThrow(/32 bytes/);
  });
});

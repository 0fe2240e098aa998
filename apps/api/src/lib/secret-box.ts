import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Seals small secrets the server must read back (second-factor secrets) with AES-256-GCM, so a copy of the
 * database alone does not reveal them. The key is SECRETS_KEY, or a key file that the first start writes in
 * DATA_DIR (mode 0600) for the single-process default; docs/deploy.md asks several processes to share one
 * SECRETS_KEY. Sealed form: `v1.<iv>.<tag>.<ciphertext>`, base64url parts.
 */
export type SecretBox = { seal(plain: string): string; open(sealed: string): string };

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the secrets key must be 32 bytes');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/** The configured key, else the data directory's key file, created on first use. */
export function loadSecretsKey(config: { secretsKey: string | undefined; dataDir: string }): Buffer {
  if (config.secretsKey) return Buffer.from(config.secretsKey, 'base64');
  const file = path.join(config.dataDir, 'secrets.key');
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(32);
  try {
    // 'wx': if another process wrote it first, read theirs instead of replacing it.
    writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  }
}

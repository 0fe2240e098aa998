import { hash, verify } from '@node-rs/argon2';

// The package's Algorithm is a const enum, which isolated modules cannot import: 2 is Algorithm.Argon2id.
const ARGON2ID = 2;
// argon2id with OWASP's minimum profile (19 MiB, t=2, p=1), set explicitly rather than trusting defaults.
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password, options);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real verification when there is no account, so that "unknown user" and
 * "wrong password" cannot be told apart by timing.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-only-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}

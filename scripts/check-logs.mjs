#!/usr/bin/env node
// The last step of `npm test`: every JSON log line the run wrote (API tests: test-results/logs/api/*.log; the
// browser tests' server: test-results/logs/e2e-server-<port>.log) is scanned for secrets, and the audit lines
// are checked for who, which company and which request. Prints one line per check and writes the counts to
// test-results/log-check.json for scripts/test.mjs. Usage: node scripts/check-logs.mjs [logDir]
import { createReadStream, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

const logDir = process.argv[2] ?? 'test-results/logs';
const sourceDirs = ['apps/api/src', 'apps/api/test', 'e2e'];

/** Every password the suite types: string literals given to password-like names in the test sources. */
function knownPasswords() {
  const found = new Set(['demo1234']);
  const literal = /\b(?:\w*password\w*|confirm|newPasswordConfirm)\s*[:=]\s*['"`]([^'"`\s$]{6,100})['"`]/gi;
  for (const dir of sourceDirs) {
    for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      if (!/\.(test|spec)\.ts$|factories\.ts$|fixtures\.ts$|app\.ts$/.test(file)) continue;
      for (const m of readFileSync(path.join(dir, file), 'utf8').matchAll(literal)) {
        // A plain word ('different') could be in any log line; the suite's passwords have digits or dashes.
        if (/[\d-]/.test(m[1])) found.add(m[1]);
      }
    }
  }
  return [...found];
}

/** Every transaction PIN the suite types: 6-digit literals given to `pin` names in the test sources. */
function knownPins() {
  const found = new Set();
  const literal = /\bpin\s*[:=]\s*['"`](\d{6})['"`]/gi;
  for (const dir of sourceDirs) {
    for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      if (!/\.(test|spec)\.ts$|factories\.ts$|fixtures\.ts$/.test(file)) continue;
      for (const m of readFileSync(path.join(dir, file), 'utf8').matchAll(literal)) found.add(m[1]);
    }
  }
  return [...found];
}

/**
 * Every bank account number the suite gives a company (`account: '12345-6'`, `bankAccount: '…'` with a check
 * digit after a dash): the platform answers it whole to the funder, and no log line may carry it.
 */
function knownBankAccounts() {
  const found = new Set();
  const literal = /\b(?:bankAccount|account)\s*:\s*['"`](\d{4,}-\d)['"`]/g;
  for (const dir of sourceDirs) {
    for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      if (!/\.ts$/.test(file)) continue;
      for (const m of readFileSync(path.join(dir, file), 'utf8').matchAll(literal)) found.add(m[1]);
    }
  }
  return [...found];
}

const secretFields =
  /^(password|currentPassword|newPassword|newPasswordConfirm|confirm|access_token|token|key|authorization|cookie|set-cookie|client_secret|secret|pin|otp|mfa_token|mfaToken|otpauthUri|qrSvg|recoveryCodes)$/i;
// Second-factor secrets (160 bits in base32), their URI, and recovery codes (docs/product/account-security.md).
const totpSecretShape = /(?<![A-Za-z0-9])[A-Z2-7]{32}(?![A-Za-z0-9])/;
const recoveryCodeShape = /(?<![A-Za-z0-9-])[A-Z2-7]{5}-[A-Z2-7]{5}(?![A-Za-z0-9-])/;
// A machine client's secret (docs/product/platform-api.md#clients): its prefix and 32 random bytes in base64url.
const clientSecretShape = /mcs_[\w-]{20,}/;
// A webhook endpoint's signing secret (docs/product/platform-api.md#webhooks): `whsec_` and base64; or its 32
// bytes in base64 alone (44 characters with the padding).
const webhookSecretShape = /whsec_[A-Za-z0-9+/]{20,}|(?<![A-Za-z0-9+/])[A-Za-z0-9+/]{43}=(?![A-Za-z0-9+/=])/;
// 32 random bytes in base64url (tokens, reset keys, invite tokens) are 43 characters.
const tokenShape = /(?<![\w-])[\w-]{43}(?![\w-])/g;
const unmaskedSegment =
  /\/(password-reset|accept-invite|reset-key|invites|provider\/invite)\/(?!\[redacted\]|:)[^/?"\s\\]+/;
const bearer = /bearer\s+(?!\[redacted\])[\w-]{10,}/i;
// The web app's session cookie (apps/api/src/http/session-cookie.ts), with or without its __Host- prefix, as a
// Cookie or Set-Cookie header would carry it: any value but the cleared one.
const sessionCookie = /portal_session=(?!\[redacted\]|;|"|$)[^;"\s\\]+/;
// A secret a client put in a querystring (`?access_token=…`): apps/api/src/lib/redact.ts masks these names, in
// any case and percent-encoded, whatever the value's shape (a short or foreign token has none of the above).
const queryParameter = /[?&;]([^=&#;"\s\\]+)=(?!\[redacted\])[^&#;"\s\\]/g;
const secretParameter =
  /^(access_token|refresh_token|id_token|token|key|api_?key|client_secret|secret|password|pin|otp|mfa_token)$/i;
const hasSecretParameter = (line) =>
  [...line.matchAll(queryParameter)].some((m) => {
    let name = m[1];
    try {
      name = decodeURIComponent(name);
    } catch {}
    return secretParameter.test(name.trim());
  });
// The token call takes the client's id and secret as an HTTP Basic header: base64 of `id:secret`. Only what
// decodes to that shape counts, so prose such as "basic settings" is no leak.
const basicHeader = /\bbasic\s+([A-Za-z0-9+/]{4,}={0,2})/gi;
const hasBasicCredentials = (line) =>
  [...line.matchAll(basicHeader)].some((m) =>
    /^[\x20-\x7e]*:[\x20-\x7e]*$/.test(Buffer.from(m[1], 'base64').toString('utf8')),
  );

// A company's bank account (docs/product/platform-api.md#batches): under these keys only redacted or null.
const bankFields = /^(bankAccount|bankBranch)$/;

function findSecrets(line, json, passwords, pins, bankAccounts) {
  const problems = [];
  for (const account of bankAccounts)
    if (new RegExp(`(?<![\\w.-])${account}(?![\\w-])`).test(line)) problems.push('a test bank account');
  for (const password of passwords) if (line.includes(password)) problems.push('a test password');
  // Bounded by anything but a letter or digit: six digits inside a request id's hex (`ab135790-…`) are no PIN.
  for (const pin of pins) if (new RegExp(`(?<![\\w.])${pin}(?!\\w)`).test(line)) problems.push('a test PIN');
  if (line.includes('otpauth://')) problems.push('an otpauth URI');
  if (totpSecretShape.test(line)) problems.push('a second-factor secret');
  if (recoveryCodeShape.test(line)) problems.push('a recovery code');
  if (clientSecretShape.test(line)) problems.push("a machine client's secret");
  if (webhookSecretShape.test(line)) problems.push("a webhook endpoint's secret");
  for (const m of line.matchAll(tokenShape)) {
    // sha256 hex and the like are not secrets; a token is random base64url with mixed letters and digits.
    if (!/^[0-9a-f]+$/i.test(m[0]) && /\d/.test(m[0]) && /[a-z]/i.test(m[0]))
      problems.push('a token-shaped string');
  }
  if (unmaskedSegment.test(line)) problems.push('an unmasked key or invite token in a URL');
  if (bearer.test(line)) problems.push('a bearer token');
  if (sessionCookie.test(line)) problems.push('a session cookie');
  if (hasSecretParameter(line)) problems.push('a secret in a querystring');
  if (hasBasicCredentials(line)) problems.push('Basic credentials');
  const visit = (value, key) => {
    if (key && bankFields.test(key) && value !== null && value !== '[redacted]')
      problems.push(`a "${key}" field`);
    if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) visit(v, k);
    } else if (typeof value === 'string' && key && secretFields.test(key) && value !== '[redacted]') {
      problems.push(`a "${key}" field`);
    }
  };
  visit(json);
  return problems;
}

const auditEvents = [
  'login.succeeded',
  'login.failed',
  'access.denied',
  'batch.requested',
  'batch.refused',
  'batch.cancelled',
  'twoFactor.enabled',
  'twoFactor.disabled',
  'pin.set',
  'pin.refused',
  'session.ended',
];
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function logFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.log'))
    .map((f) => path.join(dir, f));
}

const passwords = knownPasswords();
const pins = knownPins();
const bankAccounts = knownBankAccounts();
const files = logFiles(logDir);
const leaks = [];
const incomplete = [];
const events = Object.fromEntries(auditEvents.map((e) => [e, 0]));
let lines = 0;
let e2eLines = 0;
for (const file of files) {
  let index = 0;
  // Line by line: a log file may be larger than one string can hold.
  for await (const line of createInterface({
    input: createReadStream(file),
    crlfDelay: Number.POSITIVE_INFINITY,
  })) {
    index += 1;
    if (!line.startsWith('{')) continue; // the server's start-up banner, not a log line
    let json;
    try {
      json = JSON.parse(line);
    } catch {
      continue;
    }
    lines += 1;
    if (/(^|\/)e2e-server[^/]*\.log$/.test(file)) e2eLines += 1;
    const where = `${path.relative(logDir, file)}:${index}`;
    for (const problem of new Set(findSecrets(line, json, passwords, pins, bankAccounts)))
      leaks.push(`${where}: ${problem}`);
    if (auditEvents.includes(json.event)) {
      events[json.event] += 1;
      if (!uuid.test(json.reqId ?? '') || !('userId' in json) || !('companyId' in json))
        incomplete.push(where);
    }
  }
}

const checks = [
  {
    name: `log files written (${files.length} files, ${lines} JSON lines, ${e2eLines} from the browser tests' server)`,
    ok: files.length > 0 && lines > 0,
    details: [],
  },
  {
    name: `no password (${passwords.length} known), PIN (${pins.length} known), bank account (${bankAccounts.length} known), second-factor secret, code or URI, client or webhook secret, token, reset key or invite token in any log line`,
    ok: leaks.length === 0,
    details: leaks,
  },
  {
    name: `audit lines carry user, company and request id (${auditEvents.map((e) => `${e} ${events[e]}`).join(', ')})`,
    ok: incomplete.length === 0 && auditEvents.every((e) => events[e] > 0),
    details: incomplete.map((where) => `${where}: an audit line without reqId, userId or companyId`),
  },
];

console.log('\nLog check');
for (const check of checks) {
  console.log(`  ${check.ok ? '✓' : '✘'} ${check.name}`);
  for (const detail of check.details.slice(0, 10)) console.log(`      ${detail}`);
  if (check.details.length > 10) console.log(`      … and ${check.details.length - 10} more`);
}
const passed = checks.filter((c) => c.ok).length;
const failed = checks.length - passed;
writeFileSync('test-results/log-check.json', JSON.stringify({ passed, failed }));
process.exit(failed === 0 ? 0 : 1);

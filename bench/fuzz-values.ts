/*
 * Values for bench/fuzz.ts, generated from the OpenAPI schemas of each operation: mostly close to what the
 * schema wants with one part broken (those get past the first checks and reach the handlers), sometimes
 * anything at all. Seeded, so a failing run can be replayed with the same --seed.
 */

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};

/** mulberry32: small, fast, good enough to pick cases. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Random = ReturnType<typeof createRandom>;

export const hostileStrings = [
  '',
  ' ',
  'x'.repeat(10_000),
  "' OR '1'='1' --",
  '1; drop table credits; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '\u0000',
  '\r\nX-Injected: 1',
  '\ud800',
  '🙂'.repeat(200),
  // Template injection probes ('$' and '{' apart, so no linter takes them for a mistaken template).
  `{{7*7}}$${'{'}7*7}`,
  'NaN',
  '-1',
  '1e309',
  '9'.repeat(400),
  'null',
  '__proto__',
  'constructor',
  'ana@demo.test',
  'demo-invite-open-1',
];

export const hostileNumbers = [
  0,
  -1,
  1,
  2,
  3,
  7,
  42,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  1e308,
  1.5,
  2 ** 53 + 2,
];

function stringFor(schema: JsonSchema, random: Random): string {
  if (schema.enum) return String(random.pick(schema.enum));
  if (schema.format === 'email' || schema.pattern?.includes('@'))
    return `fuzz-${random.int(1, 999)}@test.example`;
  if (schema.format === 'date' || schema.pattern?.includes('\\d{4}-'))
    return `2026-${random.pick(['01', '02', '12'])}-${random.pick(['01', '15', '28'])}`;
  if (schema.format === 'date-time') return '2026-11-23T10:00:00-03:00';
  if (schema.pattern?.includes('asc|desc'))
    return `${random.pick(['nfNumber', 'value', 'expireDate'])},${random.pick(['asc', 'desc'])}`;
  const length = random.int(schema.minLength ?? 1, Math.min(schema.maxLength ?? 12, 24));
  return 'abcdefghij1234567890'.repeat(3).slice(0, length);
}

/** A value the schema accepts, as far as this small generator can tell. */
export function validValue(schema: JsonSchema | undefined, random: Random, depth = 0): unknown {
  if (!schema) return null;
  if (schema.enum) return random.pick(schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return validValue(random.pick(alternatives), random, depth);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const min = Math.max(schema.minimum ?? 0, 1);
      return random.chance(0.7)
        ? random.int(min, Math.min(schema.maximum ?? 60, min + 60))
        : random.int(min, 3);
    }
    case 'boolean':
      return random.chance(0.5);
    case 'string':
      return stringFor(schema, random);
    case 'array': {
      const count = random.int(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3));
      return Array.from({ length: count }, () => validValue(schema.items, random, depth + 1));
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || random.chance(0.5))
          out[key] = validValue(child, random, depth + 1);
      }
      return out;
    }
    default:
      return null;
  }
}

/** Anything at all: the wrong type, a hostile string or number, a deep or odd structure. */
export function hostileValue(random: Random, depth = 0): unknown {
  const kind = random.int(0, depth > 2 ? 4 : 7);
  switch (kind) {
    case 0:
      return random.pick(hostileStrings);
    case 1:
      return random.pick(hostileNumbers);
    case 2:
      return random.pick([true, false, null]);
    case 3:
      return String(random.pick(hostileNumbers));
    case 4:
      return random.pick([{}, [], '']);
    case 5:
      return Array.from({ length: random.int(0, 4) }, () => hostileValue(random, depth + 1));
    case 6:
      return {
        [random.pick(['__proto__', 'constructor', 'isAdmin', 'id', 'email'])]: hostileValue(
          random,
          depth + 1,
        ),
      };
    default:
      return JSON.parse(`${'['.repeat(500)}${']'.repeat(500)}`);
  }
}

/** A value for a schema: usually valid with one part broken, sometimes entirely hostile. */
export function fuzzValue(schema: JsonSchema | undefined, random: Random): unknown {
  if (random.chance(0.25)) return hostileValue(random);
  const value = validValue(schema, random);
  if (value && typeof value === 'object' && !Array.isArray(value) && random.chance(0.8)) {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(schema?.properties ?? {});
    const key = random.chance(0.2) || keys.length === 0 ? `extra${random.int(1, 9)}` : random.pick(keys);
    if (random.chance(0.2)) delete record[key];
    else record[key] = hostileValue(random);
  } else if (Array.isArray(value) && random.chance(0.7)) {
    value.push(hostileValue(random));
  }
  return value;
}

/** A multipart body: a file with random or telling bytes and name, sometimes broken on purpose. */
export function multipartBody(random: Random): { contentType: string; body: Buffer } {
  const boundary = `fuzz${random.int(1, 1e9)}`;
  const contents = [
    Buffer.from('%PDF-1.4\n%%EOF\n'),
    Buffer.from('\x7fELF\x02\x01\x01'),
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    Buffer.alloc(random.int(0, 2048), random.int(0, 255)),
  ];
  const name = random.pick(['nf.pdf', '../../etc/passwd', 'a\u0000b.pdf', 'x'.repeat(300), '', 'nota.exe']);
  const field = random.pick(['file', 'file', 'document', '']);
  const parts = [
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
  ];
  const tail = random.chance(0.8) ? `\r\n--${boundary}--\r\n` : '\r\n--';
  const body = Buffer.concat([Buffer.from(parts[0]!), random.pick(contents), Buffer.from(tail)]);
  const contentType = random.chance(0.9)
    ? `multipart/form-data; boundary=${boundary}`
    : 'multipart/form-data';
  return { contentType, body };
}

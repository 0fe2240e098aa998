import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToWire, isWireMoney, moneySchema, moneyStringToCents, wireToCents } from './money';

describe('wire money', () => {
  it.each([0, 1, 0.1, 0.01, 1234.56, 9850, 24171.6, -2.5, 0.3, 99_999_999_999.99, -100_000_000_000])(
    'accepts %s',
    (value) => {
      expect(moneySchema.safeParse(value).success).toBe(true);
    },
  );

  it.each([
    [1.005, 'three decimals'],
    [0.001, 'a tenth of a centavo'],
    [Number.NaN, 'NaN'],
    [Number.POSITIVE_INFINITY, 'infinity'],
    [100_000_000_000.01, 'beyond the wire range'],
    [12_345_678_901.235, 'a third decimal on a large amount'],
  ])('rejects %s (%s)', (value) => {
    expect(isWireMoney(value)).toBe(false);
    expect(moneySchema.safeParse(value).error?.issues[0]?.message).toBe('validation.money.invalid');
  });

  it('tolerates float noise within 1e-9 of a centavo, and reads it as that centavo', () => {
    expect(moneySchema.safeParse(0.1 + 0.2).success).toBe(true);
    expect(wireToCents(0.1 + 0.2)).toBe(30n);
  });

  it('rejects a string amount', () => {
    expect(moneySchema.safeParse('10.00').success).toBe(false);
  });

  it('converts the worked examples both ways', () => {
    expect(centsToWire(2_417_160n)).toBe(24171.6);
    expect(centsToWire(123_456)).toBe(1234.56);
    expect(wireToCents(1234.56)).toBe(123_456n);
    expect(wireToCents(0.29)).toBe(29n);
    expect(wireToCents(-2.5)).toBe(-250n);
  });

  it('refuses what it cannot carry exactly', () => {
    expect(() => wireToCents(1.005)).toThrow(RangeError);
    expect(() => centsToWire(2n ** 60n)).toThrow(RangeError);
    expect(() => centsToWire(1.5)).toThrow(RangeError);
  });

  it('round-trips every amount of centavos in the wire range, and the wire value passes the schema', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 13n), max: 10n ** 13n }), (cents) => {
        const wire = centsToWire(cents);
        expect(moneySchema.safeParse(wire).success).toBe(true);
        expect(wireToCents(wire)).toBe(cents);
      }),
      { numRuns: 10_000 },
    );
  });

  it('rejects every amount with a third decimal', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.integer({ min: 1, max: 9 }),
        (centsTimesTen, mill) => {
          expect(isWireMoney((centsTimesTen * 10 + mill) / 1000)).toBe(false);
        },
      ),
      { numRuns: 10_000 },
    );
  });

  it('reads import money strings exactly', () => {
    expect(moneyStringToCents('10000.00')).toBe(1_000_000n);
    expect(moneyStringToCents('7500.5')).toBe(750_050n);
    expect(moneyStringToCents('3')).toBe(300n);
  });
});

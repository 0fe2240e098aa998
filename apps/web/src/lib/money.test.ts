import { describe, expect, it } from 'vitest';
import { reaisToCents } from './money';

describe('reaisToCents', () => {
  it('gives the whole centavos of a wire amount, whatever the float product', () => {
    expect(reaisToCents(1234.56)).toBe(123456);
    // 0.29 * 100 is 28.999999999999996 and 1.1 * 100 is 110.00000000000001 as doubles.
    expect(reaisToCents(0.29)).toBe(29);
    expect(reaisToCents(1.1)).toBe(110);
    expect(reaisToCents(0)).toBe(0);
    expect(reaisToCents(-12.34)).toBe(-1234);
    expect(reaisToCents(99_999_999_999.99)).toBe(9_999_999_999_999);
  });

  it('adds amounts without drift once in centavos', () => {
    const amounts = [0.1, 0.2, 1234.56, 0.07];
    expect(amounts.reduce((sum, value) => sum + value, 0)).not.toBe(1234.93);
    expect(amounts.reduce((sum, value) => sum + reaisToCents(value), 0)).toBe(123493);
  });
});

import { describe, expect, it } from 'vitest';
import { floorRoot, parseRate, ratio, roundHalfUp } from './rational';

describe('parseRate', () => {
  it.each([
    ['0.015', 3n, 200n],
    ['0.01500000', 3n, 200n], // PostgreSQL numeric(12,8) pads with zeros
    ['0.000082', 41n, 500000n],
    ['1', 1n, 1n],
    ['0', 0n, 1n],
  ])('%s = %i/%i', (rate, numerator, denominator) => {
    expect(parseRate(rate)).toEqual({ numerator, denominator });
  });

  it.each(['-0.01', '1e-2', '.5', '0,015', ' 0.015', '', '0.', 'NaN'])('refuses %j', (rate) => {
    expect(() => parseRate(rate)).toThrow(RangeError);
  });
});

describe('roundHalfUp', () => {
  it.each([
    [5n, 2n, 3n],
    [3n, 2n, 2n],
    [1n, 2n, 1n],
    [49n, 100n, 0n],
    [51n, 100n, 1n],
    [7n, 3n, 2n],
    [8n, 3n, 3n],
    [0n, 7n, 0n],
    [-5n, 2n, -3n], // ties away from zero
    [-7n, 3n, -2n],
  ])('%i/%i → %i', (numerator, denominator, expected) => {
    expect(roundHalfUp(ratio(numerator, denominator))).toBe(expected);
  });
});

describe('floorRoot', () => {
  it.each([
    [27n, 3, 3n],
    [26n, 3, 2n],
    [144n, 2, 12n],
    [203n, 2, 14n],
    [1n, 5, 1n],
    [0n, 2, 0n],
    [12_345_678_901_234_567_890n ** 3n, 3, 12_345_678_901_234_567_890n],
    [12_345_678_901_234_567_890n ** 3n - 1n, 3, 12_345_678_901_234_567_889n],
    [2n ** 64n + 1n, 2, 2n ** 32n],
    [10n ** 60n - 1n, 30, 99n],
  ])('floor of the root of %i of degree %i is %i', (value, k, expected) => {
    expect(floorRoot(value, k)).toBe(expected);
    expect(floorRoot(value, k, expected + 1n)).toBe(expected);
  });
});

import { expect, it } from 'vitest';
import { readRecords } from './priced-candidates';

it('reads PostgreSQL int4 and int8 records (big-endian) into columns, exact up to 2^53 − 1 and below zero', () => {
  const records = [
    { id: 1, value: 0n, day: 20_000 },
    { id: 2_147_483_647, value: 9_007_199_254_740_991n, day: -1 },
    { id: -7, value: -4_294_967_297n, day: 0 },
    { id: 42, value: 4_294_967_296n, day: 20_818 },
  ];
  const bytes = Buffer.alloc(records.length * 16);
  records.forEach((r, i) => {
    bytes.writeInt32BE(r.id, i * 16);
    bytes.writeBigInt64BE(r.value, i * 16 + 4);
    bytes.writeInt32BE(r.day, i * 16 + 12);
  });
  const ids = new Float64Array(6);
  const values = new Float64Array(6);
  const days = new Float64Array(6);
  // From index 2 on, as the unpriced credits follow the stored ones; a Buffer that is a slice of a larger one.
  const slice = Buffer.concat([Buffer.from([1, 2, 3]), bytes]).subarray(3);
  const read = readRecords(
    slice,
    [
      [ids, 4],
      [values, 8],
      [days, 4],
    ],
    2,
  );
  expect(read).toBe(4);
  expect([...ids]).toEqual([0, 0, 1, 2_147_483_647, -7, 42]);
  expect([...values]).toEqual([0, 0, 0, 9_007_199_254_740_991, -4_294_967_297, 4_294_967_296]);
  expect([...days]).toEqual([0, 0, 20_000, -1, 0, 20_818]);
});

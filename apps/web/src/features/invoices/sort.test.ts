import { describe, expect, it } from 'vitest';
import { ariaSortOf, nextSort, parseSortParam, toSortParam } from './sort';

describe('sort cycling (docs/product screens)', () => {
  it('cycles ascending, descending, none on one column', () => {
    const first = nextSort(null, 'nfNumber');
    expect(first).toEqual({ key: 'nfNumber', direction: 'asc' });
    const second = nextSort(first, 'nfNumber');
    expect(second).toEqual({ key: 'nfNumber', direction: 'desc' });
    expect(nextSort(second, 'nfNumber')).toBeNull();
  });

  it('another column starts ascending, whatever the current direction', () => {
    expect(nextSort({ key: 'nfNumber', direction: 'desc' }, 'value')).toEqual({
      key: 'value',
      direction: 'asc',
    });
  });

  it('writes and reads the API parameter', () => {
    expect(toSortParam({ key: 'creditEstimate.total', direction: 'desc' })).toBe('creditEstimate.total,desc');
    expect(toSortParam(null)).toBeUndefined();
    expect(parseSortParam('importedDocuments.buyer.name,asc')).toEqual({
      key: 'importedDocuments.buyer.name',
      direction: 'asc',
    });
    expect(parseSortParam('value,sideways')).toBeNull();
    expect(parseSortParam('password,asc')).toBeNull();
    expect(parseSortParam(null)).toBeNull();
  });

  it('tells assistive technology the direction of each header', () => {
    const sort = { key: 'value', direction: 'desc' } as const;
    expect(ariaSortOf(sort, 'value')).toBe('descending');
    expect(ariaSortOf(sort, 'nfNumber')).toBe('none');
    expect(ariaSortOf(null, 'value')).toBe('none');
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatIdentification } from './identification-format';

describe('identification masks (docs/product screens)', () => {
  it('formats a CPF 3-3-3-2 and a CNPJ 2-3-3-4-2', () => {
    expect(formatIdentification('52998224725')).toBe('529.982.247-25');
    expect(formatIdentification('21534876000198')).toBe('21.534.876/0001-98');
  });

  it('leaves anything else as it is', () => {
    expect(formatIdentification('123')).toBe('123');
  });
});

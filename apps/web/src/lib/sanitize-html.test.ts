import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml', () => {
  it('keeps formatting and drops scripts, handlers and styles', () => {
    const html =
      '<p onclick="x()">Olá <strong>mundo</strong><script>alert(1)</script><img src=x onerror=alert(1)><style>*{}</style></p>';
    expect(sanitizeHtml(html)).toBe('<p>Olá <strong>mundo</strong></p>');
  });

  it('opens links in a new tab without access to the opener, and drops javascript: addresses', () => {
    expect(sanitizeHtml('<a href="https://x.example">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).not.toContain('javascript');
  });
});

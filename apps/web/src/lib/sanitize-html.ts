import DOMPurify from 'dompurify';

/**
 * Sanitises server HTML: formatting only, no scripts, styles, forms or frames. Links keep their address but
 * open in a new tab without access to this window.
 */
const allowedTags = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'span', 'h3', 'h4'];

let hooked = false;

export function sanitizeHtml(html: string): string {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    hooked = true;
  }
  return DOMPurify.sanitize(html, { ALLOWED_TAGS: allowedTags, ALLOWED_ATTR: ['href'] });
}

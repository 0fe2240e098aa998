import { Box } from '@mantine/core';
import { useMemo } from 'react';
import { sanitizeHtml } from '../lib/sanitize-html';

/** Server HTML (terms summary, program texts), always through DOMPurify before it reaches the DOM. */
export function SafeHtml({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above
  return <Box className="server-html" dangerouslySetInnerHTML={{ __html: clean }} />;
}

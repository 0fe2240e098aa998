/**
 * The file name a `Content-Disposition` header offers (RFC 6266): `filename*` (RFC 5987, percent-encoded
 * UTF-8) first, then `filename`, quoted or not. Only the last path segment is kept, so a name can never point
 * into another folder; null when the header names no file.
 */
export function fileNameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header)?.[1]?.trim();
  if (extended) {
    const match = /^([\w!#$%&+^`{}~-]+)'[^']*'(.+)$/.exec(extended.replace(/^"(.*)"$/, '$1'));
    if (match?.[1] && match[2] && /^utf-8$/i.test(match[1])) {
      try {
        return cleanName(decodeURIComponent(match[2]));
      } catch {
        // a malformed escape: fall back to the plain filename
      }
    }
  }
  const plain = /filename\s*=\s*("(?:[^"\\]|\\.)*"|[^;]+)/i.exec(header)?.[1]?.trim();
  if (!plain) return null;
  const unquoted = plain.startsWith('"') ? plain.slice(1, -1).replace(/\\(.)/g, '$1') : plain;
  return cleanName(unquoted);
}

function cleanName(name: string): string | null {
  const last = name.split(/[\\/]/).pop()?.trim() ?? '';
  return last === '' || last === '.' || last === '..' ? null : last;
}

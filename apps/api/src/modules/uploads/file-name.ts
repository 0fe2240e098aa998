const MAX_FILE_NAME = 255;

/**
 * The client's file name as it may be recorded and shown again: its last path segment only (either slash),
 * without control or invisible formatting characters (a right-to-left override can disguise `fdp.exe` as
 * `exe.pdf`), at most 255 characters. It never becomes part of a storage path; that name is generated.
 */
export function sanitizeFileName(raw: string | undefined, fallbackExtension: string): string {
  const lastSegment = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = lastSegment
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .trim();
  // Array.from counts code points, so the cut never splits a surrogate pair.
  const short = Array.from(cleaned).slice(0, MAX_FILE_NAME).join('').trim();
  return /^\.*$/.test(short) ? `invoice.${fallbackExtension}` : short;
}

const MAX_FILE_NAME = 255;

/** The names a detected type may keep for its extension (`jpg` is how a JPEG is stored). */
const extensionsOf: Record<string, readonly string[]> = { jpg: ['jpg', 'jpeg'] };

/**
 * The client's file name as it may be recorded and shown again: its last path segment only (either slash),
 * without control or invisible formatting characters (a right-to-left override can disguise `fdp.exe` as
 * `exe.pdf`), ending in the extension of the type its bytes were recognised as (`nota.html` that is a PDF is
 * recorded as `nota.pdf`; a name without one gets it), at most 255 characters. It never becomes part of a storage
 * path; that name is generated.
 */
export function sanitizeFileName(raw: string | undefined, extension: string): string {
  const lastSegment = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = lastSegment
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .trim();
  const dot = cleaned.lastIndexOf('.');
  const own = dot >= 0 ? cleaned.slice(dot + 1) : '';
  // The client's own spelling (`NOTA.PDF`, `foto.jpeg`) when it names the type, else the type's.
  const kept = (extensionsOf[extension] ?? [extension]).includes(own.toLowerCase()) ? own : extension;
  const base = cut(dot >= 0 ? cleaned.slice(0, dot) : cleaned, MAX_FILE_NAME - kept.length - 1);
  return /^\.*$/.test(base) ? `invoice.${extension}` : `${base}.${kept}`;
}

/** At most `max` code points (Array.from counts them, so the cut never splits a surrogate pair). */
function cut(text: string, max: number): string {
  return Array.from(text).slice(0, max).join('').trim();
}

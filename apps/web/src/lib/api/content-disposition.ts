/**
 * The file name of the server's `Content-Disposition: attachment; filename="…"`, the one form it sends (ASCII
 * names: apps/api/src/modules/statements/routes.ts); null without one. A name with a path separator is not
 * taken, so it can never point into another folder.
 */
export function fileNameFromContentDisposition(header: string | null): string | null {
  const name = header ? /\bfilename="([^"]*)"/i.exec(header)?.[1] : undefined;
  return name && !/[\\/]/.test(name) && name !== '.' && name !== '..' ? name : null;
}

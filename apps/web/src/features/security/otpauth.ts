/**
 * The key of an `otpauth://totp/…?secret=…` URI (docs/product/account-security.md#second-factor): what a user
 * types into the authenticator app when the camera cannot read the QR code. Empty when the URI has none.
 */
export function secretOf(otpauthUri: string): string {
  try {
    return new URL(otpauthUri).searchParams.get('secret')?.toUpperCase() ?? '';
  } catch {
    return '';
  }
}

/** A key in groups of four ("JBSW Y3DP EHPK 3PXP"), easier to read and type than 32 letters in one run. */
export function groupsOfFour(key: string): string[] {
  return key.replace(/\s+/g, '').match(/.{1,4}/g) ?? [];
}

/**
 * The QR code, an SVG document of our API, as an image address: shown by an <img> (which runs no script and
 * loads nothing an SVG may name) rather than put into the page's markup.
 */
export function svgImageSource(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The recovery codes as a text file: a heading line, then one code a line. */
export function recoveryCodesText(heading: string, codes: readonly string[]): string {
  return `${heading}\n\n${codes.join('\n')}\n`;
}

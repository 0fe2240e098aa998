import type { Locale, LocaleTable } from './locale.js';

/** A message without its recipient: what every template returns. `{ to, ...content }` is a `MailMessage`. */
export type MailContent = { subject: string; text: string; html: string };

/**
 * The body of a message, rendered once as plain text and once as HTML. All text goes through `escapeHtml`
 * in the HTML rendering (static wording and interpolated values alike), so no template can forget to.
 */
export type Block =
  | { type: 'paragraph'; text: string }
  | { type: 'button'; label: string; href: string }
  | { type: 'details'; rows: ReadonlyArray<readonly [label: string, value: string]> };

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes a value for HTML text and for a double- or single-quoted attribute. */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/**
 * A link the mail may carry: an absolute http(s) URL without whitespace. Anything else (`javascript:`, a
 * relative path, a value with a line break) is a programming or configuration error, so it throws.
 */
export function checkLink(link: string): string {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw new TypeError('mail link must be an absolute http(s) URL');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || /\s/.test(link)) {
    throw new TypeError('mail link must be an absolute http(s) URL');
  }
  return link;
}

type CommonStrings = { linkFallback: string };

const common: LocaleTable<CommonStrings> = {
  'pt-BR': { linkFallback: 'Se o botão não funcionar, copie e cole este endereço no seu navegador:' },
  'pt-PT': { linkFallback: 'Se o botão não funcionar, copie e cole este endereço no seu navegador:' },
  en: { linkFallback: 'If the button does not work, copy and paste this address into your browser:' },
  'en-ZA': { linkFallback: 'If the button does not work, copy and paste this address into your browser:' },
};

function blockText(block: Block): string {
  switch (block.type) {
    case 'paragraph':
      return block.text;
    case 'button':
      return block.href;
    case 'details':
      return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
  }
}

function blockHtml(locale: Locale, block: Block): string {
  switch (block.type) {
    case 'paragraph':
      return `<p style="margin:0 0 16px;line-height:1.5;">${escapeHtml(block.text)}</p>`;
    case 'button': {
      const href = escapeHtml(block.href);
      return [
        '<p style="margin:24px 0;">',
        `<a href="${href}" style="display:inline-block;padding:12px 20px;background:#1a56db;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">${escapeHtml(block.label)}</a>`,
        '</p>',
        `<p style="margin:0 0 16px;font-size:12px;line-height:1.5;color:#555555;">${escapeHtml(common[locale].linkFallback)}<br><a href="${href}" style="color:#1a56db;word-break:break-all;">${href}</a></p>`,
      ].join('\n');
    }
    case 'details': {
      const rows = block.rows.map(
        ([label, value]) =>
          `<tr><th align="left" style="padding:6px 12px 6px 0;font-weight:normal;color:#555555;">${escapeHtml(label)}</th><td style="padding:6px 0;font-weight:bold;">${escapeHtml(value)}</td></tr>`,
      );
      return `<table role="presentation" cellspacing="0" cellpadding="0" style="margin:0 0 16px;border-collapse:collapse;">\n${rows.join('\n')}\n</table>`;
    }
  }
}

export function renderText(blocks: readonly Block[]): string {
  return `${blocks.map(blockText).join('\n\n')}\n`;
}

export function renderHtml(locale: Locale, title: string, blocks: readonly Block[]): string {
  const body = blocks.map((block) => blockHtml(locale, block)).join('\n');
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(locale)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    '</head>',
    '<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#222222;">',
    '<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px;">',
    body,
    '</div>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

export function buildMail(locale: Locale, subject: string, blocks: readonly Block[]): MailContent {
  // A name with a line break must not break the Subject header (nodemailer encodes, this keeps it one line).
  const oneLine = subject.replace(/\s+/g, ' ').trim();
  return { subject: oneLine, text: renderText(blocks), html: renderHtml(locale, oneLine, blocks) };
}

import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The Content-Security-Policy. Scripts only from our own origin; styles also inline because Mantine injects CSS
 * variables at run time. A page of an organization whose support chat is on also lets in that chat's one
 * `https:` origin (scriptOriginOf in the contract has made sure it is one): as scripts, and as what such a
 * script commonly opens, a frame and a connection, which give that origin nothing its script in the page does
 * not already have (docs/decisions/security-headers.md).
 */
export function contentSecurityPolicy(chatOrigin?: string) {
  const chat = chatOrigin ? [chatOrigin] : [];
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...chat],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...chat],
      // Without a chat, frames fall back to default-src 'self', as before there was this directive.
      ...(chat.length > 0 ? { frameSrc: ["'self'", ...chat] } : {}),
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  };
}

/** Strict headers on every answer; a page's policy is set again where the page is sent (pageSecurityPolicy). */
export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: contentSecurityPolicy(),
    // HSTS only makes sense over TLS; it is added per request below when the request came over https.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
  });
}

/** A page's policy: every answer's, plus its organization's chat origin when it has one. */
export async function pageSecurityPolicy(reply: FastifyReply, chatOrigin: string | undefined) {
  if (chatOrigin) await reply.helmet({ contentSecurityPolicy: contentSecurityPolicy(chatOrigin) });
}

import { randomBytes } from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import { env } from "~/server/env.server";
import { VIDEO_EMBED_PREFIXES } from "~/server/video-embeds.server";

/**
 * Security headers on every response, and a fresh CSP nonce per response in
 * `res.locals.nonce` for React Router's inline scripts.
 */
export function securityHeaders({ production }: { production: boolean }): RequestHandler {
  return (req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    setStaticHeaders(req, res);
    // Vite's dev server injects inline scripts and a websocket: CSP only in production.
    if (production) res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce));
    next();
  };
}

/**
 * The headers that do not depend on the page, for responses served before the
 * app (static files in server.js): a browser must not sniff a script out of an
 * upload-like file nor frame an asset, whatever served it.
 */
export const staticSecurityHeaders: RequestHandler = (req, res, next) => {
  setStaticHeaders(req, res);
  next();
};

function setStaticHeaders(req: Request, res: Response): void {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}

export function contentSecurityPolicy(nonce: string): string {
  // Forms may end in a redirect to the sign-in provider (Google without JavaScript).
  const provider = new URL(env().GOOGLE_AUTHORIZATION_URL).origin;
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    // The video players rich text may embed (paths ending in "/" match as prefixes).
    `frame-src ${VIDEO_EMBED_PREFIXES.join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${provider}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

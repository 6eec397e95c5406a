import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { decodeClientDataJSON, isoBase64URL } from "@simplewebauthn/server/helpers";
import { z } from "zod";
import { passkeyNameSchema } from "~/lib/passkey-input";
import { PASSKEY_MESSAGES, passkeyDeviceName } from "~/lib/passkeys";
import { AppError, badRequest, notFound } from "../app-error.server";
import type { DB } from "../db.server";
import { logFor } from "../log.server";
import { takeRateLimit, type Limit } from "../rate-limit.server";
import { sessionIdOf, type SessionUser } from "../session.server";
import { getSettings } from "../settings.server";
import { siteOrigin } from "../site-url.server";
import { recordAuthEvent } from "./audit.server";
import { CEREMONY_TIMEOUT_MS, storeRegistrationChallenge, useRegistrationChallenge } from "./passkey-challenges.server";
import { requirePermission } from "./permissions.server";

/**
 * Staff passkeys (WebAuthn through @simplewebauthn/server, docs/decisions/0134):
 * adding one to one's own account, listing and removing them. Signing in
 * with one is ./passkey-sign-in.server.ts. Every staff role may keep
 * passkeys (`account.own`); each function takes the signed-in user and
 * touches only that user's passkeys.
 */

const log = logFor("passkeys");

export const PASSKEY_LIMITS = {
  /** Registration ceremonies a user may start an hour. */
  register: { bucket: "passkey:register", max: 20, windowMs: 3600_000 },
  /** Sign-in ceremonies a client address may start in 15 minutes. */
  signIn: { bucket: "passkey:sign-in", max: 30, windowMs: 15 * 60_000 },
  /** Refused passkey sign-ins a client address may make in 15 minutes; then every try waits. */
  failures: { bucket: "passkey:failed", max: 10, windowMs: 15 * 60_000 },
} satisfies Record<string, Limit>;

/** Where passkeys are bound: the RP ID (the site's host name) and the origin the browser must report. */
export interface RelyingParty {
  id: string;
  origin: string;
}

/**
 * The relying party, derived as the origin check derives the site's origin
 * (siteOrigin: APP_URL, else the request's own). WebAuthn takes a domain for
 * the RP ID, never an IP address: a site reached as http://127.0.0.1:3000
 * has no passkeys (null), one reached as http://localhost:3000 does.
 */
export function relyingParty(request: Request): RelyingParty | null {
  const origin = siteOrigin(request);
  const host = new URL(origin).hostname.replace(/^\[|\]$/g, "");
  if (!host || isIP(host)) return null;
  return { id: host, origin };
}

export function requireRelyingParty(request: Request): RelyingParty {
  const rp = relyingParty(request);
  if (!rp) throw new AppError(409, PASSKEY_MESSAGES.unavailable);
  return rp;
}

/** Takes a hit of `limit` for `key`, or throws AppError 429 with Retry-After. */
export async function takePasskeyLimit(db: DB, limit: Limit, key: string): Promise<void> {
  const { allowed, retryAfterSeconds } = await takeRateLimit(db, limit, key);
  if (!allowed) throw new AppError(429, PASSKEY_MESSAGES.tooMany(retryAfterSeconds), { headers: { "Retry-After": String(retryAfterSeconds) } });
}

/** The challenge an answer's client data names ("" when it cannot be read: then no challenge matches). */
export function challengeOf(clientDataJSON: string): string {
  try {
    const { challenge } = decodeClientDataJSON(clientDataJSON);
    return typeof challenge === "string" ? challenge : "";
  } catch {
    return "";
  }
}

const base64url = (max: number) => z.string().min(1).max(max).regex(/^[A-Za-z0-9_-]+=*$/);

/** The shape of a browser's registration answer (what @simplewebauthn/browser's startRegistration gives); the library checks the rest. */
const registrationAnswer = z.looseObject({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal("public-key"),
  response: z.looseObject({
    clientDataJSON: base64url(8000),
    attestationObject: base64url(64_000),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
  clientExtensionResults: z.looseObject({}).default({}),
});

const addPasskeyBody = z.object({ response: registrationAnswer, name: passkeyNameSchema });

/**
 * Step one of Add a Passkey: the options for navigator.credentials.create().
 * The challenge is bound to this session and user; the passkey is to be
 * discoverable (the sign-in asks no e-mail address) and to verify its user
 * (a PIN, a fingerprint: the passkey is the whole sign-in). The user's
 * passkeys are excluded, so one authenticator is not added twice.
 */
export async function passkeyRegistrationOptions(db: DB, request: Request, user: SessionUser): Promise<PublicKeyCredentialCreationOptionsJSON> {
  requirePermission(user, "account.own");
  const rp = requireRelyingParty(request);
  const sessionId = await sessionIdOf(request);
  if (!sessionId) throw new AppError(401, "Not signed in");
  await takePasskeyLimit(db, PASSKEY_LIMITS.register, String(user.id));
  const existing = await db
    .selectFrom("passkeys")
    .select(["credential_id", "transports", "user_handle"])
    .where("user_id", "=", user.id)
    .orderBy("id")
    .execute();
  // One handle per person, random (never the e-mail or the row id): an authenticator keeps one passkey per handle and site.
  const userHandle = existing[0]?.user_handle ?? randomBytes(32).toString("base64url");
  const options = await generateRegistrationOptions({
    rpName: (await getSettings(db)).businessName,
    rpID: rp.id,
    userName: user.email,
    userID: isoBase64URL.toBuffer(userHandle),
    userDisplayName: user.name || user.email,
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: "none",
    excludeCredentials: existing.map((c) => ({ id: c.credential_id, transports: c.transports })),
    authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "required" },
  });
  await storeRegistrationChallenge(db, options.challenge, { sessionId, userId: user.id, userHandle });
  return options;
}

export interface AddedPasskey {
  id: number;
  name: string;
}

/**
 * Step two of Add a Passkey: checks the browser's answer (this session's
 * challenge, used once; the origin and RP ID; user verification) and keeps
 * the credential. `body` is `{ response, name? }`; without a name the
 * passkey is named after the browser and system that made it.
 */
export async function addPasskey(db: DB, request: Request, user: SessionUser, body: unknown, clientIp: string): Promise<AddedPasskey> {
  requirePermission(user, "account.own");
  const rp = requireRelyingParty(request);
  const parsed = addPasskeyBody.safeParse(body);
  if (!parsed.success) throw badRequest(PASSKEY_MESSAGES.addFailed);
  const response = parsed.data.response as unknown as RegistrationResponseJSON;
  const sessionId = await sessionIdOf(request);
  if (!sessionId) throw new AppError(401, "Not signed in");

  const challenge = challengeOf(response.response.clientDataJSON);
  const used = await useRegistrationChallenge(db, challenge, { sessionId, userId: user.id });
  const audit = (event: "passkey_added", outcome: string, detail = "") => recordAuthEvent(db, { event, email: user.email, clientIp, outcome, detail });
  if (!used.ok) {
    await audit("passkey_added", used.outcome);
    throw badRequest(PASSKEY_MESSAGES.expired);
  }

  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch (error) {
    // The library's words say what did not hold (origin, RP ID, flags); they name no person.
    log.warn({ reason: error instanceof Error ? error.message : String(error) }, "a passkey's registration was refused");
    await audit("passkey_added", "refused", error instanceof Error ? error.message : "");
    throw badRequest(PASSKEY_MESSAGES.addFailed);
  }
  if (!verified.verified) {
    await audit("passkey_added", "refused");
    throw badRequest(PASSKEY_MESSAGES.addFailed);
  }

  const { credential } = verified.registrationInfo;
  const name = parsed.data.name || passkeyDeviceName(request.headers.get("user-agent") ?? "");
  const row = await db
    .insertInto("passkeys")
    .values({
      user_id: user.id,
      credential_id: credential.id,
      public_key: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: (credential.transports ?? []).slice(0, 10),
      user_handle: used.userHandle!,
      name,
    })
    .onConflict((oc) => oc.column("credential_id").doNothing())
    .returning(["id", "name"])
    .executeTakeFirst();
  if (!row) {
    await audit("passkey_added", "already_added");
    throw new AppError(409, PASSKEY_MESSAGES.alreadyAdded);
  }
  await audit("passkey_added", "success", name);
  return row;
}

export interface PasskeyRow {
  id: number;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** The user's own passkeys, oldest first. */
export async function listPasskeys(db: DB, user: SessionUser): Promise<PasskeyRow[]> {
  requirePermission(user, "account.own");
  const rows = await db
    .selectFrom("passkeys")
    .select(["id", "name", "created_at", "last_used_at"])
    .where("user_id", "=", user.id)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, createdAt: new Date(r.created_at), lastUsedAt: r.last_used_at ? new Date(r.last_used_at) : null }));
}

/** Removes one of the user's own passkeys: it signs in no more. Another's, or none, is a 404. */
export async function removePasskey(db: DB, user: SessionUser, id: number, clientIp: string): Promise<void> {
  requirePermission(user, "account.own");
  const removed = await db.deleteFrom("passkeys").where("id", "=", id).where("user_id", "=", user.id).returning("name").executeTakeFirst();
  if (!removed) throw notFound(PASSKEY_MESSAGES.notFound);
  await recordAuthEvent(db, { event: "passkey_removed", email: user.email, clientIp, outcome: "success", detail: removed.name });
}

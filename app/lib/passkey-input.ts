import { z } from "zod";
import { lookupId, optionalText } from "./form-schema";
import { PASSKEY_NAME_MAX } from "./passkeys";

/**
 * The passkeys' inputs (docs/decisions/0134), one zod schema each
 * (docs/decisions/0118): a new passkey's name (sent with Add a Passkey's
 * JSON) and the account page's Remove. Browser-safe.
 */

/** What a passkey is called on the account page: the name typed, else the device it was made on (passkeyDeviceName). */
export const passkeyNameSchema = optionalText(PASSKEY_NAME_MAX, `A passkey's name has at most ${PASSKEY_NAME_MAX} characters`).transform((name) => name.replace(/\s+/g, " "));

/** The account page's Remove: the passkey's id (one that is not yours is a 404). */
export const removePasskeySchema = z.object({ id: lookupId });

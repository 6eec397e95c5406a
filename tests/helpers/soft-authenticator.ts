import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";

/**
 * A WebAuthn authenticator in software, for the server's tests of passkeys
 * (the browser tests use Chromium's virtual authenticator instead): it makes
 * ES256 passkeys and signs challenges exactly as the WebAuthn spec lays the
 * bytes out (authenticator data, a "none" attestation, the client data the
 * browser would write), so the server checks real answers. What a browser
 * adds (the origin, the user's verification) is the test's to choose.
 */

export interface SoftPasskey {
  id: string;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  counter: number;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();
const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));

export class SoftAuthenticator {
  readonly passkeys: SoftPasskey[] = [];

  /** Makes a passkey for `options` (from /api/passkeys/register/options) and answers as startRegistration() does. */
  register(options: CreationOptions, { origin, userVerified = true }: { origin: string; userVerified?: boolean }) {
    const rpId = options.rp.id!;
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" });
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]);
    const credentialId = randomBytes(32);
    const passkey: SoftPasskey = { id: b64(credentialId), rpId, userHandle: options.user.id, privateKey, counter: 0 };
    this.passkeys.push(passkey);

    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16) /* AAGUID */, idLength, credentialId, Buffer.from(isoCBOR.encode(coseKey))]);
    const authData = Buffer.concat([sha256(rpId), Buffer.from([FLAG_UP | (userVerified ? FLAG_UV : 0) | FLAG_AT]), counterBytes(0), attested]);
    const attestationObject = isoCBOR.encode(new Map<string, Parameters<typeof isoCBOR.encode>[0]>([["fmt", "none"], ["attStmt", new Map()], ["authData", authData]]));
    const clientData = JSON.stringify({ type: "webauthn.create", challenge: options.challenge, origin, crossOrigin: false });
    return {
      id: passkey.id,
      rawId: passkey.id,
      type: "public-key",
      response: { clientDataJSON: b64(Buffer.from(clientData)), attestationObject: b64(attestationObject), transports: ["internal"] },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /**
   * Signs `options`' challenge (from /api/passkeys/sign-in/options) with `passkey`
   * (by default the last one made) and answers as startAuthentication() does.
   * The counter steps by `counterStep` (0: an authenticator without a counter).
   */
  assert(
    options: RequestOptions,
    { origin, passkey = this.passkeys.at(-1)!, userVerified = true, counterStep = 1, type = "webauthn.get" }: { origin: string; passkey?: SoftPasskey; userVerified?: boolean; counterStep?: number; type?: string },
  ) {
    passkey.counter += counterStep;
    const authData = Buffer.concat([sha256(options.rpId ?? passkey.rpId), Buffer.from([FLAG_UP | (userVerified ? FLAG_UV : 0)]), counterBytes(passkey.counter)]);
    const clientData = Buffer.from(JSON.stringify({ type, challenge: options.challenge, origin, crossOrigin: false }));
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientData)]), passkey.privateKey);
    return {
      id: passkey.id,
      rawId: passkey.id,
      type: "public-key",
      response: { clientDataJSON: b64(clientData), authenticatorData: b64(authData), signature: b64(signature), userHandle: passkey.userHandle },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }
}

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

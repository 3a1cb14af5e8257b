import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

// A software authenticator for the passkey tests, built by hand from the WebAuthn spec (Level 3,
// §6.1 authenticator data, §6.5 attested credential data, §8.7 "none" attestation) and CTAP2's
// canonical CBOR: a P-256 key pair, attestation "none", assertions signed over
// authenticatorData || SHA-256(clientDataJSON). The server library verifies what it makes.

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

/** CBOR (RFC 8949) of the few types WebAuthn needs: integers, text, bytes and maps. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

function authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
}

export type SoftPasskey = { credentialId: Buffer; privateKey: KeyObject; publicKey: KeyObject; userHandle: string; counter: number };

/** Options for the answer: where the browser says it is, and whether the user was verified. */
export type Ceremony = { origin: string; rpId: string; userVerified?: boolean };

/**
 * navigator.credentials.create(): a new resident P-256 key for `options` (the server's JSON),
 * attestation "none". `same`: answer with that passkey's key and credential id again (an
 * authenticator offering a credential it already made); `transports`: what it says it supports.
 */
export function createCredential(
  options: { challenge: string; user: { id: string } },
  at: Ceremony,
  { same, transports = ['internal'] }: { same?: SoftPasskey; transports?: string[] | null } = {},
): { passkey: SoftPasskey; response: object } {
  const { privateKey, publicKey } = same ?? generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  // COSE_Key (RFC 9053): kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
  const coseKey = cbor(
    new Map<Cbor, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  const credentialId = same?.credentialId ?? randomBytes(32);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length);
  const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, coseKey]); // AAGUID all zero
  const authData = authenticatorData(at.rpId, FLAG_UP | (at.userVerified === false ? 0 : FLAG_UV) | FLAG_AT, 0, attested);
  const attestationObject = cbor(
    new Map<Cbor, Cbor>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData],
    ]),
  );
  const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: at.origin, crossOrigin: false }));
  return {
    passkey: { credentialId, privateKey, publicKey, userHandle: options.user.id, counter: 0 },
    response: {
      id: b64url(credentialId),
      rawId: b64url(credentialId),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), ...(transports ? { transports } : {}) },
    },
  };
}

/** navigator.credentials.get(): an assertion of `passkey` for `options.challenge`, with the given counter. */
export function getAssertion(passkey: SoftPasskey, options: { challenge: string }, at: Ceremony & { counter?: number }): object {
  const counter = at.counter ?? passkey.counter + 1;
  const authData = authenticatorData(at.rpId, FLAG_UP | (at.userVerified === false ? 0 : FLAG_UV), counter);
  const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: at.origin, crossOrigin: false }));
  const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), passkey.privateKey); // DER, as ES256 in WebAuthn
  passkey.counter = counter;
  return {
    id: b64url(passkey.credentialId),
    rawId: b64url(passkey.credentialId),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    clientExtensionResults: {},
    response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: passkey.userHandle },
  };
}

// An inspector's check of a ticket with no network (issue 42), as the operator's device checks a
// QR Code in a metro tunnel (seed 001 §12): the signature with the operator's public key, kept
// with the page, then the validity by the device's clock.
// Mirrors TicketKit's `TicketPayload.verify` (the BT1 payload's layout, formats 1–4) and
// `TicketStore.verify` (which key may sign which operator's tickets, the inspector's operator),
// with their rejection codes and messages; checked against TicketKit's answers on generated
// payloads (TicketVerifyVectorTests). What only the server knows (a purchase refunded after the
// device last had the network) is not checked here.
const PREFIX = "BT1.";
const SIGNATURE_LENGTH = 64;
const MAXIMUM_CODE_LENGTH = 32;
const MAXIMUM_HOLDER_LENGTH = 64;
const MAXIMUM_CARD_LENGTH = 32;
const KEY_GENERATION = 1;
const SERVER_KEY_ID = "server";

class Rejection extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

const malformed = (reason) => new Rejection("malformed", `malformed: ${reason}`);
const iso = (seconds) => new Date(seconds * 1000).toISOString().replace(".000Z", "Z");

function base64URLBytes(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  try {
    return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
  } catch (invalid) {
    return null;
  }
}

function signedParts(payload) {
  const trimmed = payload.trim();
  if (!trimmed.startsWith(PREFIX)) throw malformed(`a Bottega ticket starts with ${PREFIX}`);
  const bytes = base64URLBytes(trimmed.slice(PREFIX.length));
  if (!bytes) throw malformed(`the text after ${PREFIX} is not base64url`);
  if (bytes.length <= SIGNATURE_LENGTH) throw malformed("the payload is too short to hold a signature");
  return { content: bytes.slice(0, bytes.length - SIGNATURE_LENGTH), signature: bytes.slice(bytes.length - SIGNATURE_LENGTH) };
}

// Reads the content front to back; every read is null past the end.
function reader(bytes) {
  let offset = 0;
  const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  const slice = (length) => {
    if (offset + length > bytes.length) return null;
    offset += length;
    return bytes.slice(offset - length, offset);
  };
  const text = (minimum, maximum) => {
    const length = slice(1);
    if (!length || length[0] < minimum || length[0] > maximum) return null;
    const part = slice(length[0]);
    if (!part) return null;
    try {
      return utf8.decode(part);
    } catch (invalid) {
      return null;
    }
  };
  return {
    atEnd: () => offset === bytes.length,
    byte: () => (slice(1) || [null])[0],
    integer: (size) => {
      const part = slice(size);
      return part ? part.reduce((value, byte) => (value << 8n) | BigInt(byte), 0n) : null;
    },
    text: (maximum) => text(0, maximum),
    code: () => text(1, MAXIMUM_CODE_LENGTH),
  };
}

function ticketFrom(content) {
  const read = reader(content);
  const version = read.byte();
  if (![1, 2, 3, 4].includes(version)) throw malformed("unknown ticket format version");
  const keyed = version === 3 || version === 4;
  const pass = version === 2 || version === 4;
  let keyID = null;
  if (keyed) {
    keyID = read.text(MAXIMUM_CODE_LENGTH + 8);
    if (!keyID) throw malformed("the signed content names no key");
  }
  const serial = read.integer(8), start = read.integer(4), end = read.integer(4);
  const layout = "the signed content does not have the ticket layout";
  if (serial === null || start === null || end === null || !(start < end)) throw malformed(layout);
  const operatorCode = read.code(), productCode = read.code();
  if (operatorCode === null || productCode === null) throw malformed(layout);
  let holder = null, cardNumber = null;
  if (pass) {
    const name = read.text(MAXIMUM_HOLDER_LENGTH);
    const number = name ? read.text(MAXIMUM_CARD_LENGTH) : null;
    if (!name || number === null) throw malformed("the signed content does not have the pass layout");
    [holder, cardNumber] = [name, number === "" ? null : number];
  }
  if (!read.atEnd()) throw malformed(layout);
  return { operatorCode, productCode, serial: serial.toString(), validFrom: Number(start), validUntil: Number(end), holder, cardNumber, keyID };
}

// Mirrors `TicketSigningKeys.operatorCode(ofKeyID:)`: "ATM-MI:1" is ATM-MI's key of today.
function operatorOfKey(keyID) {
  const colon = keyID.lastIndexOf(":");
  if (colon <= 0 || keyID.slice(colon + 1) !== String(KEY_GENERATION)) return null;
  return keyID.slice(0, colon);
}

// `keys`: GET /api/tickets/public-keys's list ({keyId, operator, publicKey: base64 of 32 bytes}).
function keyFor(ticket, keys) {
  const id = ticket.keyID || SERVER_KEY_ID;
  // A key signs its own operator's tickets only.
  if (ticket.keyID && operatorOfKey(ticket.keyID) !== ticket.operatorCode) return null;
  return keys.find((key) => key.keyId === id) || null;
}

/// The ticket, or why not: `{valid: true, ticket}` or `{valid: false, code, message}`.
/// `now`: Unix seconds; `inspector`: the inspector's operator code, or "" for any.
export async function verifyTicket(payload, keys, now, inspector = "") {
  try {
    const { content, signature } = signedParts(String(payload));
    const ticket = ticketFrom(content);
    const key = keyFor(ticket, keys);
    if (!key) throw new Rejection("unknown key", `unknown key: the ticket names signing key ${ticket.keyID || SERVER_KEY_ID}, which this check does not have`);
    const raw = Uint8Array.from(atob(key.publicKey), (character) => character.charCodeAt(0));
    const publicKey = await crypto.subtle.importKey("raw", raw, { name: "Ed25519" }, false, ["verify"]);
    if (!(await crypto.subtle.verify({ name: "Ed25519" }, publicKey, signature, content))) {
      throw new Rejection("bad signature", "bad signature: the ticket was altered or not issued with this operator's key");
    }
    if (now < ticket.validFrom) throw new Rejection("not yet valid", `not yet valid: it is valid from ${iso(ticket.validFrom)}`);
    if (now >= ticket.validUntil) throw new Rejection("expired", `expired: it was valid until ${iso(ticket.validUntil)}`);
    if (inspector && ticket.operatorCode !== inspector) {
      throw new Rejection("other operator", `other operator: this is a ticket of ${ticket.operatorCode}, not of ${inspector}, so it is not valid here`);
    }
    return { valid: true, ticket: { ...ticket, keyId: ticket.keyID || SERVER_KEY_ID } };
  } catch (error) {
    if (error instanceof Rejection) return { valid: false, code: error.code, message: error.message };
    throw error;
  }
}

// Passkeys in the browser: the server's options (JSON, binary fields in base64url) to
// navigator.credentials, and the browser's credential back to JSON for the server.

function fromB64url(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0)).buffer;
}

function toB64url(buffer) {
  let bin = "";
  for (const byte of new Uint8Array(buffer)) bin += String.fromCharCode(byte);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Whether this browser can use passkeys at all. */
export function passkeysWork() {
  return Boolean(window.PublicKeyCredential && navigator.credentials);
}

function creationOptions(json) {
  if (PublicKeyCredential.parseCreationOptionsFromJSON) {
    return PublicKeyCredential.parseCreationOptionsFromJSON(json);
  }
  return {
    ...json,
    challenge: fromB64url(json.challenge),
    user: { ...json.user, id: fromB64url(json.user.id) },
    excludeCredentials: (json.excludeCredentials || []).map(
      (c) => ({ ...c, id: fromB64url(c.id) })),
  };
}

function requestOptions(json) {
  if (PublicKeyCredential.parseRequestOptionsFromJSON) {
    return PublicKeyCredential.parseRequestOptionsFromJSON(json);
  }
  return {
    ...json,
    challenge: fromB64url(json.challenge),
    allowCredentials: (json.allowCredentials || []).map(
      (c) => ({ ...c, id: fromB64url(c.id) })),
  };
}

function credentialJson(credential) {
  if (typeof credential.toJSON === "function") return credential.toJSON();
  const response = {};
  for (const name of ["clientDataJSON", "attestationObject", "authenticatorData",
    "signature", "userHandle"]) {
    if (credential.response[name]) response[name] = toB64url(credential.response[name]);
  }
  return {
    id: credential.id, rawId: toB64url(credential.rawId), type: credential.type, response,
    clientExtensionResults: credential.getClientExtensionResults(),
  };
}

/** A new passkey for the options of a ceremony's first step: the credential as JSON. */
export async function createPasskey(options) {
  const credential = await navigator.credentials.create({ publicKey: creationOptions(options) });
  return credentialJson(credential);
}

/** Sign a ceremony's challenge with one of this site's passkeys: the assertion as JSON. */
export async function usePasskey(options) {
  const credential = await navigator.credentials.get({ publicKey: requestOptions(options) });
  return credentialJson(credential);
}

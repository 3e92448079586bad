// Checks a private key's PEM shape before it goes into SecretStorage (pure: unit-tested).
const PEM_PRIVATE = /-----BEGIN (RSA )?PRIVATE KEY-----[\s\S]+-----END (RSA )?PRIVATE KEY-----/;

/** Checks a private key's PEM shape without ever echoing it back; returns a fix-naming message or undefined. */
export function privateKeyProblem(text: string): string | undefined {
  if (/-----BEGIN ENCRYPTED PRIVATE KEY-----/.test(text)) {
    return 'This private key is encrypted with a passphrase; export it unencrypted (openssl pkey -in key.pem -out plain.pem) and store that.';
  }
  if (/-----BEGIN (RSA )?PUBLIC KEY-----/.test(text)) {
    return 'This is a public key; store the private half of your key pair (a "BEGIN PRIVATE KEY" or "BEGIN RSA PRIVATE KEY" PEM).';
  }
  if (!PEM_PRIVATE.test(text)) {
    return 'This is not a PEM private key; expected text from "-----BEGIN PRIVATE KEY-----" (or "RSA PRIVATE KEY") to its END line.';
  }
  return undefined;
}

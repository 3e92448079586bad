// The sandbox bound to another address than loopback (`--host 0.0.0.0`, a LAN address) is reachable
// from other machines. The contract surfaces (/api/v2, /v3, the plant store) are what such a setup
// is for, and they authenticate; the `/sandbox/*` helpers do not (faults, webhook payloads, health
// with the partner code), so they answer only to clients on this machine.
import { isIP } from 'node:net';

/** Whether a client address (as node reports it) is this machine's loopback. */
export function isLoopbackAddress(address: string): boolean {
  const a = address.startsWith('::ffff:') ? address.slice(7) : address;
  return a === '::1' || (isIP(a) === 4 && a.startsWith('127.'));
}

/** Whether listening on `host` keeps the sandbox on loopback. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || isLoopbackAddress(host);
}

/** The address a client can use for a sandbox listening on `host`: a wildcard bind is reached at loopback. */
export function clientHost(host: string): string {
  const h = host === '0.0.0.0' ? '127.0.0.1' : host === '::' || host === '[::]' ? '::1' : host;
  return h.includes(':') ? `[${h}]` : h;
}

export const HELPERS_REFUSED_MESSAGE =
  'The /sandbox/* helpers answer only to clients on the machine running the sandbox (loopback): call them from there, at http://127.0.0.1:PORT';

/** The warning printed at start when the sandbox listens beyond loopback. */
export function exposureWarning(host: string, port: number): string {
  return `warning: listening on ${host.includes(':') ? `[${host}]` : host}:${port}, reachable from other machines: /api/v2, /v3 and the plant store answer anyone who can reach it; the /sandbox/* helpers answer only to this machine. Use --host 127.0.0.1 to keep it local.`;
}

// The last response of each named request since the server (the editor) started, per file and
// environment: Send on one step of a chain reuses what its dependency answered before (after Send
// All, or after sending the dependency alone), as REST Client does, instead of sending it again or
// refusing. Per environment, so a response of the local sandbox never feeds a request to staging.
import type { ResponseSnapshot } from '../../../engine/syntax/resolve';

export class ResponseMemory {
  private readonly byFile = new Map<string, Map<string, ResponseSnapshot>>();

  /** The responses of `uri` in environment `environment`: the session adds to this map as it sends. */
  for(uri: string, environment: string): Map<string, ResponseSnapshot> {
    const key = `${environment}\u0000${uri}`;
    let m = this.byFile.get(key);
    if (!m) this.byFile.set(key, (m = new Map<string, ResponseSnapshot>()));
    return m;
  }
}

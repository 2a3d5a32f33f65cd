/**
 * The address a request to Cloud Functions came from, as Google's front end saw it. The front end
 * appends the address that connected to it to X-Forwarded-For, after whatever the client wrote there;
 * the Functions Framework trusts every proxy, so Express's `request.ip` is the FIRST entry, the
 * client's own choice. Only the last entry is the front end's word. Behind a Hosting rewrite that
 * connection is Hosting's CDN, not the visitor, so nothing reached that way is limited by it.
 */
import type { IncomingHttpHeaders } from 'node:http';

export interface ForwardedRequest {
  headers: IncomingHttpHeaders;
  socket?: { remoteAddress?: string | undefined };
}

export function frontEndAddress(request: ForwardedRequest): string | undefined {
  const header = request.headers['x-forwarded-for'];
  // Node joins a repeated X-Forwarded-For with commas; a list here means a caller outside Node's parser.
  const entries = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.at(-1) ?? request.socket?.remoteAddress;
}

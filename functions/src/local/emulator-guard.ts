/**
 * Loaded into the Auth emulator's process (`--require` through NODE_OPTIONS, after `tsx/cjs`): every
 * HTTP server there (the Auth emulator, the emulator hub, its logging) answers only requests the local
 * server's own guard would take. The emulator allows any origin, so without this any page open in the
 * browser could read every account with its password, or have the hub export (and first delete) a
 * folder it names. Requests without an Origin (the CLI's own, the stack's account backups) pass.
 */
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { createRequestGuard, LOOPBACK_HOSTS, refuseRequest, refuseUpgrade } from './origin-guard';

const list = (name: string) => (process.env[name] ?? '').split(',').filter(Boolean);

const guard = createRequestGuard({
  allowedOrigins: list('PHOTORATER_APP_ORIGINS'),
  allowedHosts: [...LOOPBACK_HOSTS, ...list('PHOTORATER_HOSTS')],
});

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function guardedEmit(
  this: http.Server,
  event: string | symbol,
  ...args: unknown[]
) {
  if (event === 'request') {
    const [request, response] = args as [http.IncomingMessage, http.ServerResponse];
    const refusal = guard.refusal(request.headers);
    if (refusal) {
      refuseRequest(response, refusal);
      return true;
    }
  }
  if (event === 'upgrade') {
    const [request, socket] = args as [http.IncomingMessage, Duplex];
    const refusal = guard.refusal(request.headers);
    if (refusal) {
      refuseUpgrade(socket, refusal);
      return true;
    }
  }
  return emit.call(this, event, ...args);
};

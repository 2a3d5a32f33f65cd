/**
 * A handler hosted as a v2 callable: the caller from the verified ID token, the sender's address as
 * Google's front end saw it (front-end-address.ts), and the services the Cloud Functions host gives
 * every handler. Apart from index.ts, which initialises the Admin SDK at
 * load, so a test can host a handler the same way over its own store.
 */
import { error as logError } from 'firebase-functions/logger';
import { onCall, type CallableOptions } from 'firebase-functions/v2/https';
import { callerFromToken } from '../caller-from-token';
import { toHttpsError, type Handler, type HandlerServices } from '../handlers/handler';
import { frontEndAddress } from './front-end-address';

export type HostServices = Omit<HandlerServices, 'senderAddress'>;

export function callableHost(services: HostServices) {
  return function callable<Result>(handler: Handler<Result>, options: CallableOptions = {}) {
    return onCall(options, async (request) => {
      try {
        const caller = request.auth ? callerFromToken(request.auth.token) : null;
        return await handler.run(request.data, {
          ...services,
          caller,
          senderAddress: frontEndAddress(request.rawRequest),
        });
      } catch (error) {
        const httpsError = toHttpsError(error);
        // The caller is told only that something went wrong; the function's log keeps what did.
        if (httpsError.code === 'internal') logError(error);
        throw httpsError;
      }
    });
  };
}

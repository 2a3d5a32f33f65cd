/**
 * A handler hosted as a v2 callable: the caller from the verified ID token, the sender's address as
 * Google's front end saw it (front-end-address.ts), App Check where visitors reach (app-check.ts), and
 * the services the Cloud Functions host gives every handler. Apart from index.ts, which initialises the Admin SDK at
 * load, so a test can host a handler the same way over its own store.
 */
import { error as logError } from 'firebase-functions/logger';
import { onCall, type CallableOptions } from 'firebase-functions/v2/https';
import { VISITOR_CALLABLES } from '../../../src/domain/callables';
import { callerFromToken } from '../caller-from-token';
import { handlers } from '../handlers';
import { toHttpsError, type Handler, type HandlerServices } from '../handlers/handler';
import { frontEndAddress } from './front-end-address';

export type HostServices = Omit<HandlerServices, 'senderAddress' | 'payments'> & {
  /** The payment provider of a function with these options: Stripe only where its secrets are bound. */
  paymentsFor?: (options: CallableOptions) => Promise<HandlerServices['payments']>;
};

/** The handlers visitors reach: App Check guards them (app-check.ts). */
const VISITOR_HANDLERS: ReadonlySet<Handler<unknown>> = new Set(
  VISITOR_CALLABLES.map((name) => handlers[name]),
);

export function callableHost({ paymentsFor, ...services }: HostServices, appCheck: { enforced: boolean }) {
  return function callable<Result>(handler: Handler<Result>, options: CallableOptions = {}) {
    const enforceAppCheck = appCheck.enforced && VISITOR_HANDLERS.has(handler as Handler<unknown>);
    return onCall({ ...options, enforceAppCheck }, async (request) => {
      try {
        const caller = request.auth ? callerFromToken(request.auth.token) : null;
        return await handler.run(request.data, {
          ...services,
          caller,
          payments: await paymentsFor?.(options),
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

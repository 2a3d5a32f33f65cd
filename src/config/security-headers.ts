/**
 * The security headers every answer of the site carries, the same from Firebase Hosting (firebase.json's
 * `**` rule, which a test keeps equal to SECURITY_HEADERS) and the local preview server
 * (scripts/security-headers.ts), and the page's own Content-Security-Policy.
 *
 * The policy comes in two parts, as a browser enforces every policy it is given:
 * - the header (SECURITY_HEADERS) says what needs no knowledge of the build: no framing (which only a
 *   header can say), no plugins, no other `<base>`, forms posted only here;
 * - each HTML page carries a `<meta http-equiv>` policy (pagePolicy), written by the build
 *   (scripts/prerender.ts), that allows the page's own inline scripts by their sha256 (the first read's
 *   script names the build's addresses, so its hash is the build's) and the servers this build's
 *   backend talks to. The pages made on request (articles, the 404) are made from the same template,
 *   meta included.
 * Imported by the Vite config's plugins: no `@/` imports here.
 */
import type { AppEnv } from './read-env';

/** The header's policy: what holds for every answer, whatever the build. */
export const HEADER_POLICY = "frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'";

/**
 * Powerful features the app never asks for (it takes photos through a file input, shares through
 * the share sheet and the clipboard, which stay allowed to the site itself).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': HEADER_POLICY,
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': PERMISSIONS_POLICY,
};

/** Google's endpoints the Firebase SDKs call: Auth, Firestore (its WebChannel too), Storage, FCM, App Check. */
const FIREBASE_CONNECT = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://www.googleapis.com',
  'https://firestore.googleapis.com',
  'https://firebasestorage.googleapis.com',
  'https://firebaseinstallations.googleapis.com',
  'https://fcmregistrations.googleapis.com',
  'https://content-firebaseappcheck.googleapis.com',
  'https://*.cloudfunctions.net',
  'https://*.firebaseio.com',
  'wss://*.firebaseio.com',
  'https://*.firebasedatabase.app',
  'wss://*.firebasedatabase.app',
];

/** Google Analytics, loaded only once a visitor allows it (src/data/firebase/analytics.ts). */
const ANALYTICS_SCRIPT = ['https://www.googletagmanager.com'];
const ANALYTICS_CONNECT = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.googletagmanager.com',
];

/** Sign-in with Google or Facebook (a popup, through the auth domain's frame) and reCAPTCHA. */
const SIGN_IN_SCRIPT = ['https://apis.google.com', 'https://www.google.com', 'https://www.gstatic.com'];
const RECAPTCHA_FRAME = ['https://www.google.com', 'https://recaptcha.google.com'];

const origin = (url: string) => new URL(url).origin;
const hostOrigin = (host: string) => `http://${host}`;
const wsOf = (httpOrigin: string) => httpOrigin.replace(/^http/, 'ws');

/** The servers this build's pages call, by backend: the local server and Auth emulator, the emulators, or Google's. */
function backendConnect(config: AppEnv): string[] {
  if (config.backend === 'local') {
    const server = origin(config.localServerUrl);
    return [server, wsOf(server), origin(config.localAuthUrl)];
  }
  const emulators = config.useEmulators
    ? [
        origin(config.localServerUrl),
        origin(config.localAuthUrl),
        hostOrigin(config.emulatorHosts.firestore),
        hostOrigin(config.emulatorHosts.database),
        wsOf(hostOrigin(config.emulatorHosts.database)),
        hostOrigin(config.emulatorHosts.storage),
      ]
    : [];
  return [...emulators, ...FIREBASE_CONNECT, ...ANALYTICS_CONNECT];
}

/** The policy a page of this build carries in its `<meta http-equiv>`, allowing its inline scripts by hash. */
export function pagePolicy(config: AppEnv, scriptHashes: readonly string[]): string {
  const firebase = config.backend === 'firebase';
  const connect = [...new Set(backendConnect(config))];
  const authDomain = config.firebase.authDomain ? `https://${config.firebase.authDomain}` : undefined;
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      ...scriptHashes.map((hash) => `'${hash}'`),
      ...(firebase ? [...SIGN_IN_SCRIPT, ...ANALYTICS_SCRIPT] : []),
    ],
    // MUI writes its styles at run time, and the pre-rendered pages carry style attributes.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Photos come from the backend's storage, avatars from the sign-in providers.
    'img-src': [
      "'self'",
      'data:',
      'blob:',
      'https:',
      // The local server's or the Storage emulator's, which are not https.
      ...connect.filter((source) => source.startsWith('http:')),
    ],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...connect],
    // Sign-in's frame: the auth domain's (the emulator's, against the emulators); the local backend has none.
    'frame-src': firebase
      ? [
          ...(config.useEmulators ? [origin(config.localAuthUrl)] : []),
          ...(authDomain ? [authDomain] : []),
          ...RECAPTCHA_FRAME,
        ]
      : ["'none'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}

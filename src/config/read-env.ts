/**
 * The client's configuration from the build's variables (`import.meta.env`, or Vite's `config.env` in
 * the build's plugins, which is why nothing here reads `import.meta` or imports with `@/`).
 */
import { FUNCTIONS_REGION } from '../domain/functions-region';

export type BackendKind = 'local' | 'firebase';

export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  storageBucket?: string;
  messagingSenderId?: string;
  appId?: string;
  databaseURL?: string;
  /** Google Analytics for Firebase's stream, used only once a visitor allows analytics. */
  measurementId?: string;
}

export interface EmulatorHosts {
  firestore: string;
  database: string;
  storage: string;
}

/** A host:port's two parts, as the SDKs' connect*Emulator functions take them. */
export function hostAndPort(hostPort: string): { host: string; port: number } {
  const { hostname, port } = new URL(`http://${hostPort}`);
  return { host: hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(port) };
}

export interface AppEnv {
  backend: BackendKind;
  firebase: FirebaseWebConfig;
  functionsRegion: string;
  /** Local backend (and the firebase backend against the emulator suite): where the emulators listen. */
  localAuthUrl: string;
  localServerUrl: string;
  useEmulators: boolean;
  /**
   * The firebase backend against the emulator suite: where its Firestore, Realtime Database and Storage
   * emulators listen, as host:port (firebase.json's ports unless the build says otherwise).
   */
  emulatorHosts: EmulatorHosts;
  /** Firebase Cloud Messaging's web push key (Project settings > Cloud Messaging > Web Push certificates). */
  firebaseVapidKey: string | undefined;
  /**
   * App Check's reCAPTCHA Enterprise site key (the firebase backend): the functions visitors reach
   * refuse calls without App Check's token. The local backend has no App Check.
   */
  recaptchaEnterpriseKey: string | undefined;
  /** Against the emulators, App Check's debug provider uses this token (registered in the console), or makes one. */
  appCheckDebugToken: string | undefined;
}

export function readEnv(source: Record<string, string | boolean | undefined>): AppEnv {
  const text = (name: string) => {
    const value = source[name];
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
  };
  const backend = text('VITE_BACKEND') ?? 'local';
  if (backend !== 'local' && backend !== 'firebase') {
    throw new Error(`VITE_BACKEND must be "local" or "firebase", not "${backend}".`);
  }
  // The functions' region is theirs (src/domain/functions-region.ts): a build naming another calls nothing.
  const region = text('VITE_FIREBASE_FUNCTIONS_REGION');
  if (region && region !== FUNCTIONS_REGION) {
    throw new Error(
      `The functions are deployed in ${FUNCTIONS_REGION} (src/domain/functions-region.ts), not in VITE_FIREBASE_FUNCTIONS_REGION's ${region}: leave that variable out.`,
    );
  }
  const projectId = text('VITE_FIREBASE_PROJECT_ID') ?? 'demo-photorater';
  const firebase: FirebaseWebConfig = {
    apiKey: text('VITE_FIREBASE_API_KEY') ?? 'local-api-key',
    authDomain: text('VITE_FIREBASE_AUTH_DOMAIN') ?? `${projectId}.firebaseapp.com`,
    projectId,
    storageBucket: text('VITE_FIREBASE_STORAGE_BUCKET'),
    messagingSenderId: text('VITE_FIREBASE_MESSAGING_SENDER_ID'),
    appId: text('VITE_FIREBASE_APP_ID'),
    databaseURL: text('VITE_FIREBASE_DATABASE_URL'),
    measurementId: text('VITE_FIREBASE_MEASUREMENT_ID'),
  };
  const useEmulators = backend === 'local' || text('VITE_USE_EMULATORS') === 'true';
  if (backend === 'firebase' && !useEmulators) {
    const missing = [
      'VITE_FIREBASE_API_KEY',
      'VITE_FIREBASE_AUTH_DOMAIN',
      'VITE_FIREBASE_PROJECT_ID',
      'VITE_FIREBASE_APP_ID',
      'VITE_RECAPTCHA_ENTERPRISE_KEY',
    ].filter((name) => !text(name));
    if (missing.length)
      throw new Error(`The firebase backend needs ${missing.join(', ')} (see .env.example).`);
  }
  return {
    backend,
    firebase,
    functionsRegion: FUNCTIONS_REGION,
    localAuthUrl: text('VITE_LOCAL_AUTH_URL') ?? 'http://127.0.0.1:9099',
    localServerUrl: text('VITE_LOCAL_SERVER_URL') ?? 'http://127.0.0.1:5001',
    useEmulators,
    emulatorHosts: {
      firestore: text('VITE_FIRESTORE_EMULATOR_HOST') ?? '127.0.0.1:8080',
      database: text('VITE_FIREBASE_DATABASE_EMULATOR_HOST') ?? '127.0.0.1:9000',
      storage: text('VITE_FIREBASE_STORAGE_EMULATOR_HOST') ?? '127.0.0.1:9199',
    },
    firebaseVapidKey: text('VITE_FIREBASE_VAPID_KEY'),
    recaptchaEnterpriseKey: text('VITE_RECAPTCHA_ENTERPRISE_KEY'),
    appCheckDebugToken: text('VITE_APPCHECK_DEBUG_TOKEN'),
  };
}

/** Where a callable answers: the local server (or the emulator suite), or Cloud Functions. */
export function callableUrl(
  name: string,
  config: Pick<AppEnv, 'useEmulators' | 'localServerUrl' | 'functionsRegion' | 'firebase'>,
): string {
  const { projectId } = config.firebase;
  if (config.useEmulators)
    return `${new URL(config.localServerUrl).origin}/${projectId}/${config.functionsRegion}/${name}`;
  return `https://${config.functionsRegion}-${projectId}.cloudfunctions.net/${name}`;
}

/** A server a member's screens reach, connected to ahead: calls (fetch, CORS) and images (no CORS) use separate connections. */
export interface MemberOrigin {
  href: string;
  cors: boolean;
}

/** The servers a member's screens call and load display images from, in this backend. */
export function memberOrigins(
  config: Pick<AppEnv, 'useEmulators' | 'localServerUrl' | 'localAuthUrl' | 'functionsRegion' | 'firebase'>,
): MemberOrigin[] {
  const both = (href: string): MemberOrigin[] => [
    { href, cors: true },
    { href, cors: false },
  ];
  if (config.useEmulators) {
    // The local server answers the calls and serves the images; the Auth emulator checks the session.
    return [
      ...both(new URL(config.localServerUrl).origin),
      { href: new URL(config.localAuthUrl).origin, cors: true },
    ];
  }
  return [
    { href: `https://${config.functionsRegion}-${config.firebase.projectId}.cloudfunctions.net`, cors: true },
    { href: 'https://firebasestorage.googleapis.com', cors: false },
  ];
}

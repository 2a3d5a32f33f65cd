import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A screen's findBy and waitFor wait up to 5 s rather than 1: on a busy two-core machine (the Firestore
// emulator beside the tests) a screen's later sections took longer than a second to render.
configure({ asyncUtilTimeout: 5000 });

// Vitest runs without globals, so Testing Library cannot register its own clean-up.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

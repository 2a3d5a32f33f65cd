/**
 * Light or dark, light by default, remembered on this device and, for a member, on their record
 * (spec 2 section 3's colorMode), so their other devices follow the last choice they made.
 */
import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useSession } from '@/data/session';
import type { ColorMode } from '@/domain/user';
import { logFailure } from '@/lib/report-error';
import { storageKeys } from '@/lib/storage';

export type { ColorMode };

const ColorModeContext = createContext<{
  mode: ColorMode;
  toggle: () => void;
  follow: (mode: ColorMode) => void;
}>({
  mode: 'light',
  toggle: () => undefined,
  follow: () => undefined,
});

/**
 * The brand's pink and violet, toned for each background so text and filled buttons reach WCAG AA
 * (4.5:1): a darker pink on light (4.95:1 on white), a lighter one on dark (7.96:1 on #121212, and
 * 4.91:1 on a dialog's surface, which dark mode lightens to about #393939).
 * `contrastThreshold: 4.5` makes MUI pick the text on filled colours by the same measure. Warnings on
 * light take a darker orange than MUI's (#ed6c02 is 3.11:1 on white, #b45309 5.02:1).
 */
const BRAND = {
  light: { primary: { main: '#d81b60' }, secondary: { main: '#7c4dff' }, warning: { main: '#b45309' } },
  dark: { primary: { main: '#ff80ab' }, secondary: { main: '#bb99ff' } },
} as const;

/**
 * A visible focus ring for keyboard users on everything focusable: the brand colour, 2 px, off the
 * element (3:1 and more against the page in both modes). MUI marks keyboard focus with
 * `Mui-focusVisible` (its own ripple alone is too faint); text fields keep their focused outline instead.
 */
function focusRing(color: string) {
  return {
    // Under body: one step more specific than the components' own `outline: 0`.
    'body *:focus-visible, body .Mui-focusVisible': { outline: `2px solid ${color}`, outlineOffset: 2 },
    'body input:focus-visible, body textarea:focus-visible': { outline: 'none' },
  };
}

function storedMode(): ColorMode {
  return localStorage.getItem(storageKeys.colorMode) === 'dark' ? 'dark' : 'light';
}

export function ColorModeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<ColorMode>(storedMode);
  // Stable, so following the record never re-runs because the mode changed.
  const follow = useCallback((next: ColorMode) => {
    localStorage.setItem(storageKeys.colorMode, next);
    setMode(next);
  }, []);
  const theme = useMemo(
    () =>
      createTheme({
        palette: { mode, ...BRAND[mode], contrastThreshold: 4.5 },
        components: {
          MuiCssBaseline: {
            styleOverrides: {
              ...focusRing(BRAND[mode].primary.main),
              // A caption, comment or name of one long word breaks instead of widening the page.
              body: { overflowWrap: 'anywhere' },
            },
          },
        },
      }),
    [mode],
  );
  const value = useMemo(
    () => ({
      mode,
      toggle: () =>
        setMode((current) => {
          const next = current === 'light' ? 'dark' : 'light';
          localStorage.setItem(storageKeys.colorMode, next);
          return next;
        }),
      follow,
    }),
    [mode, follow],
  );
  return (
    <ColorModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ColorModeContext.Provider>
  );
}

export const useColorMode = () => useContext(ColorModeContext);

/**
 * For a signed-in member: the device follows the choice on the record whenever it changes (made on
 * another device), and a choice made here goes to the record. A record without one takes this
 * device's, if the member ever chose here.
 */
export function ColorModeSync() {
  const { user } = useSession();
  const { mode, follow } = useColorMode();
  const uid = user?.uid;
  const recorded = user?.colorMode;
  const previous = useRef(mode);
  const offered = useRef<string | null>(null);

  useEffect(() => {
    if (recorded) follow(recorded);
  }, [recorded, follow]);

  useEffect(() => {
    const changed = previous.current !== mode;
    previous.current = mode;
    if (!uid) return;
    const firstChoice =
      !recorded && offered.current !== uid && localStorage.getItem(storageKeys.colorMode) !== null;
    if (firstChoice) offered.current = uid;
    if ((changed && mode !== recorded) || firstChoice) {
      // The callables load for members only, never with the landing page.
      import('@/data/callables')
        .then(({ call }) => call('saveColorMode', { colorMode: mode }))
        .catch((error: unknown) => logFailure(error, { component: 'color mode', action: 'save' }));
    }
  }, [mode, uid, recorded]);

  return null;
}

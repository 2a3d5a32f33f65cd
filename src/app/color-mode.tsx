/** Light or dark, light by default, remembered on this device. */
import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { storageKeys } from '@/lib/storage';

export type ColorMode = 'light' | 'dark';

const ColorModeContext = createContext<{ mode: ColorMode; toggle: () => void }>({
  mode: 'light',
  toggle: () => undefined,
});

/**
 * The brand's pink and violet, toned for each background so text and filled buttons reach WCAG AA
 * (4.5:1): a darker pink on light (4.95:1 on white), a lighter one on dark (7.96:1 on #121212, and
 * 4.91:1 on a dialog's surface, which dark mode lightens to about #393939).
 * `contrastThreshold: 4.5` makes MUI pick the text on filled colours by the same measure.
 */
const BRAND = {
  light: { primary: { main: '#d81b60' }, secondary: { main: '#7c4dff' } },
  dark: { primary: { main: '#ff80ab' }, secondary: { main: '#bb99ff' } },
} as const;

function storedMode(): ColorMode {
  return localStorage.getItem(storageKeys.colorMode) === 'dark' ? 'dark' : 'light';
}

export function ColorModeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<ColorMode>(storedMode);
  const theme = useMemo(
    () => createTheme({ palette: { mode, ...BRAND[mode], contrastThreshold: 4.5 } }),
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
    }),
    [mode],
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

/** Light or dark, light by default, remembered on this device. */
import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { storageKeys } from '@/lib/storage';

export type ColorMode = 'light' | 'dark';

const ColorModeContext = createContext<{ mode: ColorMode; toggle: () => void }>({
  mode: 'light',
  toggle: () => undefined,
});

function storedMode(): ColorMode {
  return localStorage.getItem(storageKeys.colorMode) === 'dark' ? 'dark' : 'light';
}

export function ColorModeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<ColorMode>(storedMode);
  const theme = useMemo(
    () => createTheme({ palette: { mode, primary: { main: '#e91e63' }, secondary: { main: '#7c4dff' } } }),
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

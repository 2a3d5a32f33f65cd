/**
 * The bars that stay along the bottom of the screen publish their heights as CSS variables on the root
 * element. From the bottom up: the cookie banner, the offline notice, the tab bar, then toasts. The page
 * keeps the banner's and the notice's height free at its end and the tab bar sticks above them, so none
 * of them ever covers a control, and toasts show above all three.
 */
import { useCallback, useRef } from 'react';

export const BOTTOM_BAR_VARIABLES = {
  consentBanner: '--consent-banner-height',
  offlineNotice: '--offline-notice-height',
  tabBar: '--tab-bar-height',
} as const;

type BottomBar = keyof typeof BOTTOM_BAR_VARIABLES;

const heightOf = (bar: BottomBar) => `var(${BOTTOM_BAR_VARIABLES[bar]}, 0px)`;

/** The cookie banner's height while it shows, else 0. */
export const CONSENT_BANNER_HEIGHT = heightOf('consentBanner');

/** What the page keeps free at its end, where the tab bar sticks: the banner and the offline notice. */
export const UNDER_TAB_BAR_HEIGHT = `calc(${heightOf('consentBanner')} + ${heightOf('offlineNotice')})`;

/** What the bottom bars showing take together and a gap: toasts start above it. */
export function aboveBottomBars(gap: string): string {
  return `calc(${heightOf('consentBanner')} + ${heightOf('offlineNotice')} + ${heightOf('tabBar')} + ${gap})`;
}

function publish(bar: BottomBar, height: number | null): void {
  const style = document.documentElement.style;
  if (height === null) style.removeProperty(BOTTOM_BAR_VARIABLES[bar]);
  else style.setProperty(BOTTOM_BAR_VARIABLES[bar], `${Math.ceil(height)}px`);
}

/**
 * A ref for a bottom bar's element: its height is published while it is mounted, followed as it
 * changes (a turned phone, a longer text), and taken away when it goes.
 */
export function useBottomBar(bar: BottomBar): (element: HTMLElement | null) => void {
  const stop = useRef<(() => void) | null>(null);
  return useCallback(
    (element: HTMLElement | null) => {
      stop.current?.();
      stop.current = null;
      if (!element) return;
      publish(bar, element.getBoundingClientRect().height);
      // Not in every test environment; the first measure stands there.
      const observer =
        typeof ResizeObserver === 'undefined'
          ? null
          : new ResizeObserver(() => publish(bar, element.getBoundingClientRect().height));
      observer?.observe(element);
      stop.current = () => {
        observer?.disconnect();
        publish(bar, null);
      };
    },
    [bar],
  );
}

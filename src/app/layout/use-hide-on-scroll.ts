import { useEffect, useState } from 'react';
import { HEADER_HIDE_SCROLL_PX, HEADER_IDLE_SHOW_MS } from '@/domain/constants';

/** Hidden after scrolling down more than 50 px; shown again on scrolling up or after 1.5 s without scrolling. */
export function useHideOnScroll(): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    let idle: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      const y = window.scrollY;
      if (y > last && y > HEADER_HIDE_SCROLL_PX) setHidden(true);
      else if (y < last) setHidden(false);
      last = y;
      clearTimeout(idle);
      idle = setTimeout(() => setHidden(false), HEADER_IDLE_SHOW_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      clearTimeout(idle);
    };
  }, []);
  return hidden;
}

/**
 * The app shell (`app-shell.html`, see src/config/app-pages.ts): the built template, with the
 * member's route preloads, and no page in it. For a member it draws the app bar and the tab bar
 * where the app will put them, in the member's colour mode, so the screen's first paint comes before
 * the app's code and nothing jumps when it renders; the drawing goes at the app's first render. A
 * visitor (no member hint) gets an empty page, as the app may send them elsewhere.
 */
import { paths } from '../src/config/paths';
import { storageKeys } from '../src/lib/storage';

/** The drawing's id; it is a sibling of #root, so the app starts on an empty root. */
export const SKELETON_ID = 'app-skeleton';

/** The tab bar's labels, as src/app/layout/bottom-tabs.tsx shows them. */
export const SKELETON_TABS = ['My Photos', 'Rate', 'Profile', 'Leaderboard'];

/**
 * Sizes and colours after MUI's: the AppBar (color="default": grey 100, or grey 900 in dark mode; 56 px
 * high on a phone, 64 px from 600 px wide) and the BottomNavigation (56 px, on the paper colour).
 */
const STYLE = [
  `#${SKELETON_ID}{position:fixed;inset:0;z-index:-1;background:#fff;color:rgba(0,0,0,.6);font:400 .75rem/1.66 Roboto,Helvetica,Arial,sans-serif}`,
  `#${SKELETON_ID}.dark{background:#121212;color:rgba(255,255,255,.7)}`,
  `#${SKELETON_ID}>header{height:56px;background:#f5f5f5;box-shadow:0 2px 1px -1px rgba(0,0,0,.2),0 1px 1px rgba(0,0,0,.14),0 1px 3px rgba(0,0,0,.12)}`,
  `#${SKELETON_ID}.dark>header{background:#212121}`,
  `@media (min-width:600px){#${SKELETON_ID}>header{height:64px}}`,
  `#${SKELETON_ID}>nav{position:absolute;left:0;right:0;bottom:0;height:56px;display:flex;justify-content:center;background:inherit;box-shadow:0 -1px 8px rgba(0,0,0,.2)}`,
  `#${SKELETON_ID}.dark>nav{background:#2e2e2e}`,
  `#${SKELETON_ID}>nav>span{flex:1;max-width:168px;min-width:80px;padding-top:32px;text-align:center}`,
].join('');

/**
 * Keeps the drawing for a member only, without the app bar on /rate (which has none), dark when the
 * device's choice is, and removes it as soon as the app has rendered anything.
 */
const SCRIPT = `(function(){var s=document.getElementById('${SKELETON_ID}'),r=document.getElementById('root');if(!s||!r)return;try{if(!localStorage.getItem(${JSON.stringify(storageKeys.memberHint)})){s.remove();return}if(localStorage.getItem(${JSON.stringify(storageKeys.colorMode)})==='dark')s.className='dark'}catch(e){s.remove();return}var p=location.pathname,q=${JSON.stringify(paths.rate)};if(p===q||p.indexOf(q+'/')===0)s.removeChild(s.firstChild);if(r.firstChild){s.remove();return}new MutationObserver(function(m,o){o.disconnect();s.remove()}).observe(r,{childList:true})})()`;

export const SKELETON = `<div id="${SKELETON_ID}" aria-hidden="true"><header></header><nav>${SKELETON_TABS.map((label) => `<span>${label}</span>`).join('')}</nav></div><style>${STYLE}</style><script>${SCRIPT}</script>`;

const EMPTY_ROOT = '<div id="root"></div>';

/** The app shell's HTML from the built template (which has an empty #root). */
export function appShellHtml(template: string): string {
  if (!template.includes(EMPTY_ROOT)) throw new Error('The built index.html has no empty #root.');
  return template.replace(EMPTY_ROOT, () => `${EMPTY_ROOT}${SKELETON}`);
}

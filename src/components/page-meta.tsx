/** Per-screen metadata; React hoists these tags into the document head. */
import { createContext, useContext } from 'react';
import { useLocation } from 'react-router-dom';

export const SITE_NAME = 'Photorater';

/**
 * The site's address for canonical and social-card URLs: the page's own in the browser; the
 * pre-renderer, which has no window, provides the address the pages are made for.
 */
export const SiteOriginContext = createContext<string | null>(null);

export function useSiteOrigin(): string {
  return useContext(SiteOriginContext) ?? window.location.origin;
}

export interface PageMetaProps {
  title: string;
  description: string;
  robots?: string;
  /** A path of this site, with its query if any; defaults to the current one. */
  canonicalPath?: string;
  image?: string;
  type?: 'website' | 'article';
}

export function pageTitle(title: string): string {
  return title === SITE_NAME ? title : `${title} | ${SITE_NAME}`;
}

export function PageMeta({
  title,
  description,
  robots = 'index, follow',
  canonicalPath,
  image,
  type = 'website',
}: PageMetaProps) {
  const origin = useSiteOrigin();
  const { pathname } = useLocation();
  const fullTitle = pageTitle(title);
  const canonical = `${origin}${canonicalPath ?? pathname}`;
  const cardImage = image ?? `${origin}/social-card.png`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <meta name="robots" content={robots} />
      <link rel="canonical" href={canonical} />
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:image" content={cardImage} />
      {!image && <meta property="og:image:width" content="1200" />}
      {!image && <meta property="og:image:height" content="630" />}
      <meta property="og:type" content={type} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={cardImage} />
    </>
  );
}

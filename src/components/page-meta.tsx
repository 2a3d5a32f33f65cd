/** Per-screen metadata; React hoists these tags into the document head. */
const SITE_NAME = 'Photorater';

export interface PageMetaProps {
  title: string;
  description: string;
  robots?: string;
  /** A path of this site; defaults to the current one. */
  canonicalPath?: string;
  image?: string;
}

export function PageMeta({
  title,
  description,
  robots = 'index, follow',
  canonicalPath,
  image,
}: PageMetaProps) {
  const fullTitle = title === SITE_NAME ? title : `${title} | ${SITE_NAME}`;
  const canonical = `${window.location.origin}${canonicalPath ?? window.location.pathname}`;
  const cardImage = image ?? `${window.location.origin}/social-card.png`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <meta name="robots" content={robots} />
      <link rel="canonical" href={canonical} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:image" content={cardImage} />
      <meta property="og:type" content="website" />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={cardImage} />
    </>
  );
}

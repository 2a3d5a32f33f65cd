/** schema.org data for an article page: the Article and the breadcrumb to it (Google's rich results). */
import type { ArticleView } from '@/domain/articles';
import { articleMeta } from '@/domain/articles';

export function articleStructuredData(article: ArticleView, origin: string) {
  const url = `${origin}/article/${article.id}`;
  const { title, description } = articleMeta(article);
  const image = article.imageUrl ? new URL(article.imageUrl, origin).href : `${origin}/social-card.png`;
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: title.slice(0, 110),
      description,
      image: [image],
      datePublished: article.dateAdded,
      dateModified: article.updatedAt,
      author: { '@type': 'Organization', name: article.author },
      publisher: {
        '@type': 'Organization',
        name: 'Photorater',
        logo: { '@type': 'ImageObject', url: `${origin}/icon-512.png` },
      },
      mainEntityOfPage: url,
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${origin}/` },
        { '@type': 'ListItem', position: 2, name: 'Blog', item: `${origin}/blog` },
        { '@type': 'ListItem', position: 3, name: article.headline, item: url },
      ],
    },
  ];
}

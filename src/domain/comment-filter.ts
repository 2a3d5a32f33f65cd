/**
 * The abuse filter for comments: obscenity's English word list with its recommended transformers,
 * which see through l33t spellings and stretched letters while leaving words like "Scunthorpe" alone.
 */
import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';

let matcher: RegExpMatcher | undefined;

export function isAbusive(text: string): boolean {
  matcher ??= new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });
  return matcher.hasMatch(text);
}

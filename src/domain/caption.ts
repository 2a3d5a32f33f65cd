/**
 * The caption's mood: a negative caption (AFINN sentiment score below -3) is refused. The `sentiment`
 * package scores words from the AFINN-165 list with negation handling, on client and server alike.
 */
import Sentiment from 'sentiment';
import { CAPTION_MIN_SENTIMENT } from './limits';

const analyzer = new Sentiment();

export function captionSentiment(caption: string): number {
  return analyzer.analyze(caption).score;
}

export function isCaptionPositiveEnough(caption: string | undefined | null): boolean {
  return !caption || captionSentiment(caption) >= CAPTION_MIN_SENTIMENT;
}

/** What the admin's Analytics tab shows: counts per event, and per A/B variant its assignments and conversions. */
export interface VariantCounts {
  testId: string;
  variantId: string;
  variantName: string;
  assignments: number;
  conversions: number;
  interactions: number;
}

export interface AnalyticsSummary {
  events: Array<{ name: string; count: number }>;
  variants: VariantCounts[];
}

/** Conversions per assignment as a percentage with one decimal; none without assignments. */
export function conversionRate(row: Pick<VariantCounts, 'assignments' | 'conversions'>): string {
  if (row.assignments === 0) return '–';
  return `${((row.conversions / row.assignments) * 100).toFixed(1)}%`;
}

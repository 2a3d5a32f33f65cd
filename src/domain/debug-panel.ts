/** The developer debug panel's ranges and defaults (spec 2 sections 2, 5 and 9). */
export const DEBUG_PANEL = {
  /** The operations table shows this many by default. */
  limitDefault: 20,
  /** A limit that is not a number falls back to this. */
  limitFallback: 10,
  /** The filter on duration: 0 to 1000 ms in steps of 10. */
  minDurationFilter: { min: 0, max: 1000, step: 10 },
  /** The settings' minimum duration to log: 0 to 100 ms in steps of 5. */
  logThreshold: { min: 0, max: 100, step: 5 },
  /** Ctrl+Shift+F opens and closes it. */
  shortcutKey: 'F',
} as const;

/** The limit field's value as a number of rows: a non-number gives 10. */
export function debugLimit(text: string): number {
  const value = Number(text);
  return text.trim() !== '' && Number.isFinite(value) && value >= 0
    ? Math.floor(value)
    : DEBUG_PANEL.limitFallback;
}

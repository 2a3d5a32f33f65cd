/** Confetti and a short vibration; canvas-confetti loads only when there is something to celebrate. */
export async function celebrate(): Promise<void> {
  navigator.vibrate?.(200);
  const { default: confetti } = await import('canvas-confetti');
  await confetti({ particleCount: 150, spread: 80, origin: { y: 0.7 } });
}

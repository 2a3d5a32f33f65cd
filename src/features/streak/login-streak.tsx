/**
 * Counts today's visit once per page load (the server decides whether it is a new calendar day in
 * the member's time zone), says what it earned, and celebrates milestones after a second.
 */
import { useEffect, useRef, useState } from 'react';
import { useToast } from '@/components/toast';
import { call } from '@/data/callables';
import { STREAK_DAY_TOKENS } from '@/domain/streak';
import { onDemand } from '@/lib/on-demand';
import { logFailure } from '@/lib/report-error';
import { deviceTimeZone } from '@/lib/time-zone';

const StreakCelebration = onDemand(() =>
  import('./streak-celebration').then((module) => module.StreakCelebration),
);

export const CELEBRATION_DELAY_MS = 1000;

export function LoginStreak({ uid }: { uid: string }) {
  const toast = useToast();
  const counted = useRef<string | null>(null);
  const [celebrating, setCelebrating] = useState<number | null>(null);

  useEffect(() => {
    if (counted.current === uid) return;
    counted.current = uid;
    let timer: ReturnType<typeof setTimeout> | undefined;
    deviceTimeZone()
      .then((timeZone) => call('recordLogin', { timeZone }))
      .then((result) => {
        if (result.tokens > 0)
          toast({
            message: `Day ${result.loginStreak} of your streak: +${STREAK_DAY_TOKENS} tokens`,
            severity: 'success',
          });
        if (result.milestone)
          timer = setTimeout(() => setCelebrating(result.loginStreak), CELEBRATION_DELAY_MS);
      })
      // The spec logs a failed streak update and carries on.
      .catch((error: unknown) => logFailure(error, { feature: 'streak' }));
    return () => clearTimeout(timer);
  }, [uid, toast]);

  if (celebrating === null) return null;
  return <StreakCelebration streak={celebrating} onClose={() => setCelebrating(null)} />;
}

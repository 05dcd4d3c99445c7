/** Today's local day for screens left open overnight. */
import { useEffect, useState } from 'react';
import { localIsoDay } from '../../../shared/dates';

/** Today's local day, re-read every minute so a session left open overnight moves on. */
export function useToday(): string {
  const [today, setToday] = useState(() => localIsoDay(new Date()));
  useEffect(() => {
    const timer = setInterval(() => setToday(localIsoDay(new Date())), 60_000);
    return () => clearInterval(timer);
  }, []);
  return today;
}

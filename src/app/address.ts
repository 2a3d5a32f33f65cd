/** On load: tracking parameters leave the address, and a `referrer` is kept for the session. */
import { parseReferrerId, withoutTrackingParams } from '@/domain/tracking';
import { keepReferrer } from '@/lib/storage';

export function tidyAddress(location: Location = window.location, history: History = window.history): void {
  const params = new URLSearchParams(location.search);
  const referrer = parseReferrerId(params.get('referrer'));
  if (referrer) keepReferrer(referrer);
  const search = withoutTrackingParams(location.search);
  if (search !== null)
    history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
}

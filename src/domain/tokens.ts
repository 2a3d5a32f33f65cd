/** The token economy of design.md section 4: what a vote earns its voter and costs a photo's owner. */
export const VOTES_PER_EARNED_TOKEN = 5;
export const PREMIUM_MONTHLY_TOKENS = 5;

/** Tokens a voter earns with their `votesGiven`-th vote: one on every 5th. */
export function tokensForVoteGiven(votesGiven: number): number {
  return votesGiven > 0 && votesGiven % VOTES_PER_EARNED_TOKEN === 0 ? 1 : 0;
}

/** What one received vote costs the owner: 1 token for free members, nothing for premium ones. */
export function costOfVoteReceived(subscribed: boolean): number {
  return subscribed ? 0 : 1;
}

/** A free owner's tokens after a vote, and whether their photos must go inactive (out of tokens). */
export function afterVoteReceived(
  points: number,
  subscribed: boolean,
): { points: number; deactivate: boolean } {
  const next = Math.max(0, points - costOfVoteReceived(subscribed));
  return { points: next, deactivate: !subscribed && next === 0 };
}

/** The Feedback dialog is asked for from the drawer and the profile; the app shell opens it. */
const requests = new Set<() => void>();

export function openFeedback(): void {
  for (const request of requests) request();
}

/** Called on each request; returns the unsubscribe. */
export function onFeedbackRequest(listener: () => void): () => void {
  requests.add(listener);
  return () => requests.delete(listener);
}

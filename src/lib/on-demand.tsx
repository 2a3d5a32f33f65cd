/**
 * A component whose code loads the first time it renders. Used for everything a visitor on the landing
 * page does not see at once (dialogs, menus, the drawer, forms), to keep the first load small.
 */
import { lazy, Suspense, useState, type ComponentProps, type ComponentType } from 'react';

export function onDemand<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loading: Promise<ComponentType<Props>> | undefined;
  /** The code, once it has arrived. */
  let loaded: ComponentType<Props> | undefined;
  // One request whether the code is fetched ahead or by the first render; a failed one may be tried again.
  const loadOnce = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (failure: unknown) => {
        loading = undefined;
        throw failure;
      },
    ));
  const Lazy = lazy(async () => ({ default: await loadOnce() }));
  function OnDemand(props: Props) {
    // Code fetched ahead renders at once: through lazy() it would suspend for a moment anyway, and React
    // holds back what follows a suspension for up to 300 ms. Chosen once, so a render never swaps it.
    const [Loaded] = useState(() => loaded);
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={null}>
        <Lazy {...(props as ComponentProps<typeof Lazy>)} />
      </Suspense>
    );
  }
  /** Fetches the code before the first render, so that render does not wait for it. */
  OnDemand.preload = async (): Promise<void> => {
    await loadOnce();
  };
  return OnDemand;
}

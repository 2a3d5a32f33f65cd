/**
 * A component whose code loads the first time it renders. Used for everything a visitor on the landing
 * page does not see at once (dialogs, menus, the drawer, forms), to keep the first load small.
 */
import { lazy, Suspense, type ComponentProps, type ComponentType } from 'react';

export function onDemand<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function OnDemand(props: Props) {
    return (
      <Suspense fallback={null}>
        <Lazy {...(props as ComponentProps<typeof Lazy>)} />
      </Suspense>
    );
  };
}

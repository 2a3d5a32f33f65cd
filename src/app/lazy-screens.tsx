/**
 * Screens a visitor on the landing page never needs load on demand, so the landing page's
 * JavaScript stays small (forms bring Formik and Yup; member screens bring their own parts).
 */
import { lazy, Suspense, type ComponentProps, type ComponentType } from 'react';

function onDemand<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function OnDemand(props: Props) {
    return (
      <Suspense fallback={null}>
        <Lazy {...(props as ComponentProps<typeof Lazy>)} />
      </Suspense>
    );
  };
}

export const ProfileCompletionForm = onDemand(() =>
  import('@/features/accounts/profile-completion-form').then((module) => module.ProfileCompletionForm),
);
export const AuthDialog = onDemand(() =>
  import('@/features/accounts/auth-dialog').then((module) => module.AuthDialog),
);
export const MyPhotosPage = onDemand(() =>
  import('@/features/photos/my-photos-page').then((module) => module.MyPhotosPage),
);

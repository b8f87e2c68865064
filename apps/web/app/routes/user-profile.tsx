import { changePasswordFormSchema, deactivateSchema, profileFormSchema } from '@shop/contract';
import { data, Link, useActionData } from 'react-router';
import { useDialogLink, type DialogLink } from '../lib/dialog-link.ts';
import { useTranslation } from '../lib/use-translation.ts';
import type { Route } from './+types/user-profile';
import { Icon } from '../components/ui/icon.tsx';
import { ShopLink } from '../components/ui/shop-link.tsx';
import { ChangePasswordDialog } from '../features/account/components/change-password-dialog.tsx';
import { DeleteAccountDialog } from '../features/account/components/delete-account-dialog.tsx';
import { EditProfileDialog } from '../features/account/components/edit-profile-dialog.tsx';
import { PageHeader } from '../features/account/components/page-header.tsx';
import { ProfilePhoto } from '../features/account/components/profile-photo.tsx';
import { requireUser, signedInOrLogin } from '../features/auth/session.server.ts';
import { PROFILE_INTENT } from '../features/account/intents.ts';
import { answerForm, postedFile, readForm, submitAction } from '../lib/form-action.server.ts';
import { localizePath } from '../lib/lang.ts';
import { serverT } from '../lib/i18n.server.ts';
import { requestLang } from '../lib/route-lang.ts';
import { pageMeta } from '../lib/route-meta.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context);
  const t = await serverT(requestLang(request));
  return {
    seo: {
      title: t('account:profile.title'),
      description: t('account:profile.description'),
      path: '/user/profile',
      noindex: true,
    },
    user,
  };
}

/**
 * The profile page's three forms (its dialogs): edit the profile (multipart, with the photo),
 * change the password, delete the account. The last two end every session, so the shopper
 * goes to log in; an edit reloads this page. Each form posts to this page's address with its
 * dialog named (`?dialog=password`), so a post without JavaScript that fails comes back with
 * that dialog open and the message at its field. A shopper no longer signed in goes to log in.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = requestLang(request);
  const store = context.storeData(lang);
  const posted = await readForm(request);
  const intent = posted.values.intent;
  if (intent === PROFILE_INTENT.edit) {
    const result = await submitAction(
      request,
      {
        schema: profileFormSchema,
        run: async (input, form) =>
          signedInOrLogin(request, await store.updateProfile(input, postedFile(form, 'userImage'))),
      },
      posted,
    );
    return answerForm(request, result, { redirectTo: localizePath('/user/profile', lang) });
  }
  const toLogin = localizePath('/login', lang);
  if (intent === PROFILE_INTENT.password) {
    const result = await submitAction(
      request,
      {
        schema: changePasswordFormSchema,
        run: async (input) => signedInOrLogin(request, await store.changePassword(input)),
      },
      posted,
    );
    return answerForm(request, result, { redirectTo: toLogin });
  }
  if (intent === PROFILE_INTENT.delete) {
    const result = await submitAction(
      request,
      {
        schema: deactivateSchema,
        errorField: 'password',
        run: async (input) => signedInOrLogin(request, await store.deactivateAccount(input)),
      },
      posted,
    );
    return answerForm(request, result, { redirectTo: toLogin });
  }
  throw data(null, { status: 400 });
}

export { unlessLeaving as shouldRevalidate } from '../lib/form-answer.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args);

const actionButton =
  'inline-flex h-11 items-center justify-center gap-2 rounded-full border border-line px-5 text-sm font-semibold hover:border-primary';

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('account');
  const { user } = loaderData;
  const edit = useDialogLink('edit');
  const password = useDialogLink('password');
  const remove = useDialogLink('delete');
  // The answer to a form posted without JavaScript belongs to the dialog its address names.
  const posted = useActionData<typeof action>();
  const answerOf = (dialog: DialogLink) => (dialog.open ? posted : undefined);
  return (
    <>
      <PageHeader title={t('profile.title')} />
      <section className="flex flex-col gap-6 rounded-2xl border border-line p-6 sm:flex-row sm:items-center">
        <ProfilePhoto src={user.userImage} alt={t('profile.photoAlt', { name: user.userName })} />
        <dl className="grid flex-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-muted">{t('fields.name')}</dt>
          <dd className="font-semibold break-words">{user.userName}</dd>
          <dt className="text-muted">{t('fields.phone')}</dt>
          <dd className="font-semibold">
            <span dir="ltr">{user.userPhone}</span>
          </dd>
          <dt className="text-muted">{t('fields.email')}</dt>
          <dd className="font-semibold break-all">{user.userEmail}</dd>
        </dl>
      </section>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link {...edit.trigger} preventScrollReset className={actionButton}>
          <Icon name="edit" className="size-4" />
          {t('profile.modify')}
        </Link>
        <ShopLink to="/user/messages" className={actionButton}>
          <Icon name="mail" className="size-4" />
          {t('messages.link')}
        </ShopLink>
        <Link {...password.trigger} preventScrollReset className={actionButton}>
          <Icon name="shield" className="size-4" />
          {t('profile.changePassword')}
        </Link>
        <Link
          {...remove.trigger}
          preventScrollReset
          className={`${actionButton} border-red-200 text-sale hover:border-sale`}
        >
          <Icon name="trash" className="size-4" />
          {t('profile.deleteAccount')}
        </Link>
      </div>
      <EditProfileDialog user={user} dialog={edit} serverAnswer={answerOf(edit)} />
      <ChangePasswordDialog dialog={password} serverAnswer={answerOf(password)} />
      <DeleteAccountDialog dialog={remove} serverAnswer={answerOf(remove)} />
    </>
  );
}

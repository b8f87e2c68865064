import type { AdminAgent, AdminInfoPage, AdminSlider, InfoPageKind } from '@shop/contract';
import { infoPageKinds } from '@shop/contract';
import { useActionData } from 'react-router';
import type { Route } from './+types/dashboard-content';
import { ShopLink } from '../components/ui/shop-link.tsx';
import { SubmitButton } from '../components/ui/submit-button.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { ConfirmAction } from '../features/dashboard/components/confirm-action.tsx';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { EmptyState } from '../features/dashboard/components/empty-state.tsx';
import { RowAction } from '../features/dashboard/components/row-action.tsx';
import { StatusBadge } from '../features/dashboard/components/status-badge.tsx';
import { contentAction } from '../features/dashboard/content/content.server.ts';
import type { ContentAnswer } from '../features/dashboard/content/content.ts';
import { requireMember } from '../features/dashboard/session.server.ts';
import { useActionForm } from '../lib/form-answer.ts';
import { useLang } from '../lib/use-lang.ts';
import { useTranslation } from '../lib/use-translation.ts';

const tabs = ['sliders', 'agents', 'pages'] as const;
type Tab = (typeof tabs)[number];

export async function loader(args: Route.LoaderArgs) {
  const { bo } = await requireMember(args);
  const params = new URL(args.request.url).searchParams;
  const tab: Tab = (tabs as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'sliders';
  const asked = params.get('page') ?? '';
  const page: InfoPageKind = (infoPageKinds as readonly string[]).includes(asked)
    ? (asked as InfoPageKind)
    : 'terms';
  return { tab, page, content: await bo.content.content() };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireMember({ request, context });
  return contentAction(request, context);
}

const card = 'flex flex-col gap-4 rounded-2xl border border-line bg-white p-4 sm:p-6';
const fileClass =
  'rounded-xl border border-line bg-white p-3 text-sm file:me-3 file:rounded-full file:border-0 file:bg-surface file:px-4 file:py-2 file:font-semibold';

/** A file input with its label and error. */
function FileField({
  id,
  name,
  label,
  error,
  hint,
}: {
  id: string;
  name: string;
  label: string;
  error?: string;
  hint?: string;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={fileClass}
      />
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-sale">
          {error}
        </p>
      )}
    </div>
  );
}

/** Move an item one place up or down: the new order of every id. */
function moved(ids: number[], index: number, by: -1 | 1): string {
  const next = [...ids];
  const [item] = next.splice(index, 1);
  next.splice(index + by, 0, item!);
  return next.join(',');
}

/**
 * A slide's or an agent's controls: move it up or down one place (the new order of every id),
 * and remove it (asked first). `named` fills in which one, for screen readers and the question.
 */
function RowControls({
  kind,
  id,
  ids,
  index,
  named,
}: {
  kind: 'slide' | 'agent';
  id: number;
  ids: number[];
  index: number;
  named: Record<string, string | number>;
}) {
  const { t } = useTranslation('dashboard-content');
  const texts = kind === 'slide' ? 'slides' : 'agents';
  const move = kind === 'slide' ? 'moveSlide' : 'moveAgent';
  return (
    <>
      {index > 0 && (
        <RowAction
          formKey={`up:${id}`}
          fields={{ intent: move, ids: moved(ids, index, -1) }}
          label={t('moveUp')}
          accessibleLabel={t(`${texts}.moveUpNamed`, named)}
        />
      )}
      {index < ids.length - 1 && (
        <RowAction
          formKey={`down:${id}`}
          fields={{ intent: move, ids: moved(ids, index, 1) }}
          label={t('moveDown')}
          accessibleLabel={t(`${texts}.moveDownNamed`, named)}
        />
      )}
      <ConfirmAction
        confirmKey={`remove-${kind}:${id}`}
        fields={{ intent: kind === 'slide' ? 'removeSlide' : 'removeAgent', id: String(id) }}
        label={t('remove')}
        accessibleLabel={t(`${texts}.removeNamed`, named)}
        question={t(`${texts}.removeQuestion`, named)}
        confirmLabel={t('remove')}
      />
    </>
  );
}

function SlideForm({ slide }: { slide?: AdminSlider }) {
  const { t } = useTranslation('dashboard-content');
  const posted = useActionData() as ContentAnswer | undefined;
  const key = slide ? `slide:${slide.id}` : 'slide:new';
  const { Form, formRef, busy, errorFor } = useActionForm<ContentAnswer>({
    serverAnswer: posted?.confirmKey === key ? posted : undefined,
    onDone: () => formRef.current?.reset(),
  });
  const id = slide ? `slide-${slide.id}` : 'slide-new';
  return (
    <Form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      noValidate
      className="flex flex-col gap-4"
    >
      <input type="hidden" name="intent" value={slide ? 'updateSlide' : 'addSlide'} />
      <input type="hidden" name="confirmKey" value={key} />
      {slide && <input type="hidden" name="id" value={slide.id} />}
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <FileField
          id={`${id}-ar`}
          name="imageAr"
          label={t('slides.imageAr')}
          error={errorFor('imageAr')}
          hint={t('slides.imageHint')}
        />
        <FileField
          id={`${id}-en`}
          name="imageEn"
          label={t('slides.imageEn')}
          error={errorFor('imageEn')}
          hint={slide ? t('slides.imageHint') : t('slides.imageEnHint')}
        />
        <TextField
          label={t('slides.linkAr')}
          name="linkAr"
          dir="ltr"
          placeholder="/products/new"
          defaultValue={slide?.linkAr ?? ''}
          error={errorFor('linkAr')}
        />
        <TextField
          label={t('slides.linkEn')}
          name="linkEn"
          dir="ltr"
          placeholder="/en/products/new"
          defaultValue={slide?.linkEn ?? ''}
          error={errorFor('linkEn')}
        />
      </div>
      <div>
        <SubmitButton busy={busy}>{slide ? t('save') : t('slides.add')}</SubmitButton>
      </div>
    </Form>
  );
}

function Slides({ slides }: { slides: AdminSlider[] }) {
  const { t } = useTranslation('dashboard-content');
  const ids = slides.map((s) => s.id);
  return (
    <div className="flex flex-col gap-6">
      {slides.length === 0 && <EmptyState message={t('slides.empty')} />}
      <ol className="flex flex-col gap-6">
        {slides.map((slide, index) => (
          <li key={slide.id} className={card}>
            <h2 className="text-lg font-bold">{t('slides.slide', { n: index + 1 })}</h2>
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
              {(['ar', 'en'] as const).map((lang) => (
                <figure key={lang} className="flex flex-col gap-2">
                  <img
                    src={lang === 'ar' ? slide.imageAr : slide.imageEn}
                    alt={t(`slides.imageAltFor.${lang}`, { n: index + 1 })}
                    width={800}
                    height={300}
                    className="aspect-[8/3] w-full rounded-xl bg-surface object-cover"
                  />
                  <figcaption className="text-sm text-muted">{t(`slides.caption.${lang}`)}</figcaption>
                </figure>
              ))}
            </div>
            <SlideForm slide={slide} />
            <div className="flex flex-wrap gap-2 border-t border-line pt-4">
              <RowControls kind="slide" id={slide.id} ids={ids} index={index} named={{ n: index + 1 }} />
            </div>
          </li>
        ))}
      </ol>
      <section className={card} aria-labelledby="new-slide">
        <h2 id="new-slide" className="text-lg font-bold">
          {t('slides.new')}
        </h2>
        <SlideForm />
      </section>
    </div>
  );
}

function AgentForm({ agent }: { agent?: AdminAgent }) {
  const { t } = useTranslation('dashboard-content');
  const posted = useActionData() as ContentAnswer | undefined;
  const key = agent ? `agent:${agent.id}` : 'agent:new';
  const { Form, formRef, busy, errorFor } = useActionForm<ContentAnswer>({
    serverAnswer: posted?.confirmKey === key ? posted : undefined,
    onDone: () => (agent ? undefined : formRef.current?.reset()),
  });
  const id = agent ? `agent-${agent.id}` : 'agent-new';
  return (
    <Form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      noValidate
      className="grid grid-cols-1 gap-4 md:grid-cols-2"
    >
      <input type="hidden" name="intent" value={agent ? 'updateAgent' : 'addAgent'} />
      <input type="hidden" name="confirmKey" value={key} />
      {agent && <input type="hidden" name="id" value={agent.id} />}
      <TextField
        label={t('agents.nameAr')}
        name="nameAr"
        defaultValue={agent?.nameAr}
        error={errorFor('nameAr')}
      />
      <TextField
        label={t('agents.nameEn')}
        name="nameEn"
        dir="ltr"
        defaultValue={agent?.nameEn}
        error={errorFor('nameEn')}
      />
      <TextField
        label={t('agents.companyAr')}
        name="companyAr"
        defaultValue={agent?.companyAr}
        error={errorFor('companyAr')}
      />
      <TextField
        label={t('agents.companyEn')}
        name="companyEn"
        dir="ltr"
        defaultValue={agent?.companyEn}
        error={errorFor('companyEn')}
      />
      <TextField
        label={t('agents.phone')}
        name="phone"
        type="tel"
        dir="ltr"
        defaultValue={agent?.phone}
        error={errorFor('phone')}
      />
      <FileField
        id={`${id}-image`}
        name="image"
        label={t('agents.image')}
        error={errorFor('image')}
        hint={t('slides.imageHint')}
      />
      <div className="md:col-span-2">
        <SubmitButton busy={busy}>{agent ? t('save') : t('agents.add')}</SubmitButton>
      </div>
    </Form>
  );
}

function Agents({ agents }: { agents: AdminAgent[] }) {
  const { t } = useTranslation('dashboard-content');
  const ids = agents.map((a) => a.id);
  return (
    <div className="flex flex-col gap-6">
      {agents.length === 0 && <EmptyState message={t('agents.empty')} />}
      <ol className="flex flex-col gap-6">
        {agents.map((agent, index) => (
          <li key={agent.id} className={card}>
            <div className="flex items-center gap-4">
              <img
                src={agent.image}
                alt=""
                width={64}
                height={64}
                className="size-16 rounded-full bg-surface object-cover"
              />
              <div>
                <h2 className="text-lg font-bold">{agent.nameAr}</h2>
                <p className="text-sm text-muted" dir="ltr">
                  {agent.nameEn} · {agent.phone}
                </p>
              </div>
            </div>
            <details>
              <summary className="cursor-pointer font-semibold text-primary">{t('agents.edit')}</summary>
              <div className="pt-4">
                <AgentForm agent={agent} />
              </div>
            </details>
            <div className="flex flex-wrap gap-2 border-t border-line pt-4">
              <RowControls
                kind="agent"
                id={agent.id}
                ids={ids}
                index={index}
                named={{ name: agent.nameAr }}
              />
            </div>
          </li>
        ))}
      </ol>
      <section className={card} aria-labelledby="new-agent">
        <h2 id="new-agent" className="text-lg font-bold">
          {t('agents.new')}
        </h2>
        <AgentForm />
      </section>
    </div>
  );
}

const storefrontPath: Record<InfoPageKind, string> = {
  terms: '/info/terms/1',
  refund: '/info/policy/2',
  about: '/info/about/3',
  privacy: '/info/privacy/4',
};

function PageEditor({ page }: { page: AdminInfoPage }) {
  const { t } = useTranslation('dashboard-content');
  const { localize } = useLang();
  const posted = useActionData() as ContentAnswer | undefined;
  const { Form, formRef, busy, answer, errorFor } = useActionForm<ContentAnswer>({
    serverAnswer: posted?.confirmKey === undefined ? posted : undefined,
  });
  const draft = answer?.draft?.kind === page.kind ? answer.draft : undefined;
  const preview = answer?.preview?.kind === page.kind ? answer.preview : undefined;
  const area =
    'min-h-72 w-full rounded-xl border border-line bg-white p-3 text-base leading-relaxed focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30';
  return (
    <div className="flex flex-col gap-6">
      <Form ref={formRef} method="post" noValidate className={card}>
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-lg font-bold">{t(`pages.kind.${page.kind}`)}</h2>
          {page.isDefault && <StatusBadge tone="info">{t('pages.default')}</StatusBadge>}
          <a
            href={localize(storefrontPath[page.kind])}
            className="text-sm font-semibold text-primary underline"
          >
            {t('pages.open')}
          </a>
        </div>
        <p className="text-sm text-muted">{t('pages.markdownHelp')}</p>
        <input type="hidden" name="kind" value={page.kind} />
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {(['ar', 'en'] as const).map((lang) => (
            <div key={`${lang}-${draft ? 'draft' : 'saved'}`} className="flex flex-col gap-1.5">
              <label htmlFor={`page-${lang}`} className="text-sm font-semibold">
                {t(`pages.text.${lang}`)}
              </label>
              <textarea
                id={`page-${lang}`}
                name={lang}
                dir={lang === 'ar' ? 'rtl' : 'ltr'}
                lang={lang}
                defaultValue={draft ? draft[lang] : page[lang]}
                aria-invalid={errorFor(lang) ? true : undefined}
                className={area}
              />
              {errorFor(lang) && (
                <p role="alert" className="text-sm font-medium text-sale">
                  {errorFor(lang)}
                </p>
              )}
            </div>
          ))}
        </div>
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            name="intent"
            value="previewPage"
            disabled={busy}
            className="inline-flex h-12 items-center rounded-full border border-line bg-white px-6 font-semibold hover:bg-surface"
          >
            {t('pages.preview')}
          </button>
          <button
            type="submit"
            name="intent"
            value="savePage"
            disabled={busy}
            aria-busy={busy}
            className="inline-flex h-12 items-center rounded-full bg-primary px-6 font-semibold text-primary-ink hover:bg-primary-strong disabled:cursor-wait disabled:bg-slate-400"
          >
            {t('pages.save')}
          </button>
        </div>
      </Form>
      {preview && (
        <section className={card} aria-labelledby="preview-title">
          <h2 id="preview-title" className="text-lg font-bold">
            {t('pages.previewTitle')}
          </h2>
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            {(['ar', 'en'] as const).map((lang) => (
              <article
                key={lang}
                lang={lang}
                dir={lang === 'ar' ? 'rtl' : 'ltr'}
                className="rounded-xl border border-line p-4"
                aria-label={t(`pages.previewIn.${lang}`)}
              >
                <div
                  className="info-text leading-loose"
                  dangerouslySetInnerHTML={{ __html: preview[lang] }}
                />
              </article>
            ))}
          </div>
        </section>
      )}
    </div>
  );
}

function Pages({ pages, current }: { pages: AdminInfoPage[]; current: InfoPageKind }) {
  const { t } = useTranslation('dashboard-content');
  const page = pages.find((p) => p.kind === current)!;
  return (
    <div className="flex flex-col gap-4">
      <nav aria-label={t('pages.choose')}>
        <ul className="flex flex-wrap gap-2">
          {pages.map((p) => (
            <li key={p.kind}>
              <ShopLink
                to={`/dashboard/content?tab=pages&page=${p.kind}`}
                aria-current={p.kind === current ? 'page' : undefined}
                className="inline-flex h-10 items-center rounded-full border border-line bg-white px-4 text-sm font-semibold aria-[current=page]:border-primary aria-[current=page]:bg-primary aria-[current=page]:text-primary-ink"
              >
                {t(`pages.kind.${p.kind}`)}
              </ShopLink>
            </li>
          ))}
        </ul>
      </nav>
      <PageEditor key={page.kind} page={page} />
    </div>
  );
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('dashboard-content');
  const { t: td } = useTranslation('dashboard');
  const { tab, page, content } = loaderData;
  return (
    <DashboardPage
      title={t('title')}
      breadcrumbs={[{ label: td('nav.overview'), to: '/dashboard' }, { label: t('title') }]}
    >
      <nav aria-label={t('sections')}>
        <ul className="flex flex-wrap gap-2 border-b border-line pb-3">
          {tabs.map((name) => (
            <li key={name}>
              <ShopLink
                to={`/dashboard/content?tab=${name}`}
                aria-current={name === tab ? 'page' : undefined}
                className="inline-flex h-10 items-center rounded-full px-4 font-semibold hover:bg-surface aria-[current=page]:bg-primary aria-[current=page]:text-primary-ink"
              >
                {t(`tabs.${name}`)}
              </ShopLink>
            </li>
          ))}
        </ul>
      </nav>
      {tab === 'sliders' && <Slides slides={content.sliders} />}
      {tab === 'agents' && <Agents agents={content.agents} />}
      {tab === 'pages' && <Pages pages={content.infoPages} current={page} />}
    </DashboardPage>
  );
}

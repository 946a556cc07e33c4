import { PROMO_PLACEMENTS } from '@marquee/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Label } from '../../../components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import i18n from '../../../lib/i18n';
import { usePageTitle } from '../../settings/hooks';
import {
  type AdminPromo,
  adminActions,
  type CmsPage,
  refreshAdmin,
  saveSettings,
  useAdminPages,
  useAdminPromos,
  useAdminSettings,
} from '../api';
import { Badge, fmtDate, SectionTitle, Select, Table, TextArea, td } from './kit';

/** A CMS page's address (a path, not a text to translate). */
const pagePath = (slug: string) => `/page/${slug}`;

async function act(fn: () => Promise<unknown>, done = i18n.t('adminSite.pages.saved')) {
  try {
    await fn();
    toast.success(done);
    await refreshAdmin();
    return true;
  } catch (err) {
    toast.error(getErrorMessage(err));
    return false;
  }
}

function PageEditor({ page, onClose }: { page: CmsPage | 'new'; onClose: () => void }) {
  const { t } = useTranslation();
  const p = page === 'new' ? null : page;
  const [f, setF] = useState({
    title: p?.title ?? '',
    slug: p?.slug ?? '',
    content: p?.content ?? '',
    status: p?.status ?? 'published',
  });
  const [placement, setPlacement] = useState<'' | 'header' | 'footer'>('');
  const { data: settings } = useAdminSettings();
  async function save() {
    const ok = await act(() => (p ? adminActions.updatePage(p._id, f) : adminActions.createPage(f)));
    if (!ok) return;
    const menus = settings?.values.menus ?? [];
    const path = `/page/${f.slug}`;
    if (placement && !menus.some((m) => m.path === path && m.section === placement)) {
      await act(
        () => saveSettings({ menus: [...menus, { title: f.title, path, section: placement, isNewTab: false }] }),
        t('adminSite.pages.addedToMenu'),
      );
    }
    onClose();
  }
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={p ? t('adminSite.pages.edit', { title: p.title }) : t('adminSite.pages.new')}
      size="lg"
      footer={<Button onClick={save}>{t('adminSite.pages.save')}</Button>}
    >
      <div className="space-y-3">
        <Field
          label={t('adminSite.pages.pageTitleField')}
          value={f.title}
          onChange={(e) => setF({ ...f, title: e.target.value })}
        />
        <Field
          label={t('adminSite.pages.slug')}
          hint={t('adminSite.pages.shownAt', { slug: f.slug || '…' })}
          value={f.slug}
          onChange={(e) => setF({ ...f, slug: e.target.value })}
        />
        <div>
          <Label htmlFor="page-content">{t('adminSite.pages.content')}</Label>
          <TextArea
            id="page-content"
            className="min-h-56 font-mono text-xs"
            value={f.content}
            onChange={(e) => setF({ ...f, content: e.target.value })}
          />
        </div>
        <div className="flex gap-2">
          <Select
            aria-label={t('adminSite.pages.status')}
            value={f.status}
            onChange={(e) => setF({ ...f, status: e.target.value as 'published' | 'draft' })}
          >
            <option value="published">{t('adminSite.pages.statuses.published')}</option>
            <option value="draft">{t('adminSite.pages.statuses.draft')}</option>
          </Select>
          <Select
            aria-label={t('adminSite.pages.menu')}
            value={placement}
            onChange={(e) => setPlacement(e.target.value as '' | 'header' | 'footer')}
          >
            <option value="">{t('adminSite.pages.noMenu')}</option>
            <option value="header">{t('adminSite.pages.header')}</option>
            <option value="footer">{t('adminSite.pages.footer')}</option>
          </Select>
        </div>
      </div>
    </Dialog>
  );
}

function PromoEditor({ promo, onClose }: { promo: AdminPromo | 'new'; onClose: () => void }) {
  const { t } = useTranslation();
  const p = promo === 'new' ? null : promo;
  const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');
  const [f, setF] = useState({
    title: p?.title ?? '',
    description: p?.description ?? '',
    imageUrl: p?.imageUrl ?? '',
    linkUrl: p?.linkUrl ?? '',
    placement: p?.placement ?? 'home',
    status: p?.status ?? 'active',
    startAt: day(p?.startAt),
    endAt: day(p?.endAt),
  });
  async function save() {
    const body = {
      ...f,
      imageUrl: f.imageUrl || null,
      linkUrl: f.linkUrl || null,
      startAt: f.startAt ? new Date(`${f.startAt}T00:00:00`).toISOString() : null,
      endAt: f.endAt ? new Date(`${f.endAt}T23:59:59`).toISOString() : null,
    };
    if (await act(() => (p ? adminActions.updatePromo(p._id, body) : adminActions.createPromo(body)))) onClose();
  }
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={p ? t('adminSite.promos.edit') : t('adminSite.promos.new')}
      footer={<Button onClick={save}>{t('adminSite.pages.save')}</Button>}
    >
      <div className="space-y-3">
        <Field
          label={t('adminSite.promos.title')}
          value={f.title}
          onChange={(e) => setF({ ...f, title: e.target.value })}
        />
        <Field
          label={t('adminSite.promos.text')}
          value={f.description}
          onChange={(e) => setF({ ...f, description: e.target.value })}
        />
        <Field
          label={t('adminSite.promos.image')}
          value={f.imageUrl}
          onChange={(e) => setF({ ...f, imageUrl: e.target.value })}
        />
        <Field
          label={t('adminSite.promos.link')}
          value={f.linkUrl}
          onChange={(e) => setF({ ...f, linkUrl: e.target.value })}
        />
        <div className="flex flex-wrap gap-2">
          <Select
            aria-label={t('adminSite.promos.placement')}
            value={f.placement}
            onChange={(e) => setF({ ...f, placement: e.target.value as AdminPromo['placement'] })}
          >
            {PROMO_PLACEMENTS.map((x) => (
              <option key={x} value={x}>
                {t(`adminSite.promos.placements.${x}`)}
              </option>
            ))}
          </Select>
          <Select
            aria-label={t('adminSite.promos.status')}
            value={f.status}
            onChange={(e) => setF({ ...f, status: e.target.value as 'active' | 'inactive' })}
          >
            <option value="active">{t('adminSite.promos.statuses.active')}</option>
            <option value="inactive">{t('adminSite.promos.statuses.inactive')}</option>
          </Select>
        </div>
        <div className="grid grid-cols-2 gap-2">
          <Field
            label={t('adminSite.promos.starts')}
            type="date"
            value={f.startAt}
            onChange={(e) => setF({ ...f, startAt: e.target.value })}
          />
          <Field
            label={t('adminSite.promos.ends')}
            type="date"
            value={f.endAt}
            onChange={(e) => setF({ ...f, endAt: e.target.value })}
          />
        </div>
      </div>
    </Dialog>
  );
}

export default function PagesSection() {
  const { t } = useTranslation();
  usePageTitle(t('adminSite.pages.pageTitle'));
  const { data: pages } = useAdminPages();
  const { data: promos } = useAdminPromos();
  const [page, setPage] = useState<CmsPage | 'new' | null>(null);
  const [promo, setPromo] = useState<AdminPromo | 'new' | null>(null);
  return (
    <div>
      <SectionTitle title={t('adminSite.pages.title')} />
      <Tabs defaultValue="pages">
        <TabsList>
          <TabsTrigger value="pages">{t('adminSite.pages.pages')}</TabsTrigger>
          <TabsTrigger value="promos">{t('adminSite.pages.promos')}</TabsTrigger>
        </TabsList>
        <TabsContent value="pages" className="space-y-3 pt-4">
          <Button onClick={() => setPage('new')}>{t('adminSite.pages.new')}</Button>
          <Table
            head={[
              t('adminSite.pages.pageTitleField'),
              t('adminSite.pages.slugColumn'),
              t('adminSite.pages.status'),
              t('adminSite.pages.updated'),
              '',
            ]}
            empty={pages?.data.length === 0}
          >
            {pages?.data.map((p) => (
              <tr key={p._id}>
                <td className={td}>{p.title}</td>
                <td className={`${td} font-mono text-xs`}>{pagePath(p.slug)}</td>
                <td className={td}>
                  <Badge tone={p.status === 'published' ? 'green' : 'zinc'}>
                    {t(`adminSite.pages.statusBadge.${p.status}`)}
                  </Badge>
                </td>
                <td className={td}>{fmtDate(p.updatedAt)}</td>
                <td className={`${td} space-x-2 whitespace-nowrap`}>
                  <Button size="sm" variant="outline" onClick={() => setPage(p)}>
                    {t('adminSite.pages.editButton')}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() =>
                      window.confirm(t('adminSite.pages.deleteConfirm', { title: p.title })) &&
                      act(() => adminActions.deletePage(p._id), t('adminSite.pages.pageDeleted'))
                    }
                  >
                    {t('adminSite.pages.delete')}
                  </Button>
                </td>
              </tr>
            ))}
          </Table>
        </TabsContent>
        <TabsContent value="promos" className="space-y-3 pt-4">
          <Button onClick={() => setPromo('new')}>{t('adminSite.promos.new')}</Button>
          <Table
            head={[
              t('adminSite.promos.title'),
              t('adminSite.promos.placement'),
              t('adminSite.promos.status'),
              t('adminSite.promos.from'),
              t('adminSite.promos.until'),
              '',
            ]}
            empty={promos?.data.length === 0}
          >
            {promos?.data.map((p) => (
              <tr key={p._id}>
                <td className={td}>{p.title}</td>
                <td className={td}>{t(`adminSite.promos.placements.${p.placement}`)}</td>
                <td className={td}>
                  <Badge tone={p.status === 'active' ? 'green' : 'zinc'}>
                    {t(`adminSite.promos.statusBadge.${p.status}`)}
                  </Badge>
                </td>
                <td className={td}>{fmtDate(p.startAt)}</td>
                <td className={td}>{fmtDate(p.endAt)}</td>
                <td className={`${td} space-x-2 whitespace-nowrap`}>
                  <Button size="sm" variant="outline" onClick={() => setPromo(p)}>
                    {t('adminSite.pages.editButton')}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() =>
                      window.confirm(t('adminSite.pages.deleteConfirm', { title: p.title })) &&
                      act(() => adminActions.deletePromo(p._id), t('adminSite.promos.deleted'))
                    }
                  >
                    {t('adminSite.pages.delete')}
                  </Button>
                </td>
              </tr>
            ))}
          </Table>
        </TabsContent>
      </Tabs>
      {page && <PageEditor page={page} onClose={() => setPage(null)} />}
      {promo && <PromoEditor promo={promo} onClose={() => setPromo(null)} />}
    </div>
  );
}

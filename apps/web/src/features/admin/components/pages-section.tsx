import { PROMO_PLACEMENTS } from '@marquee/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Label } from '../../../components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
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

async function act(fn: () => Promise<unknown>, done = 'Changes saved') {
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
        'Added to the menu',
      );
    }
    onClose();
  }
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={p ? `Edit ${p.title}` : 'New page'}
      size="lg"
      footer={<Button onClick={save}>Save</Button>}
    >
      <div className="space-y-3">
        <Field label="Title" value={f.title} onChange={(e) => setF({ ...f, title: e.target.value })} />
        <Field
          label="Slug"
          hint={`Shown at /page/${f.slug || '…'}`}
          value={f.slug}
          onChange={(e) => setF({ ...f, slug: e.target.value })}
        />
        <div>
          <Label htmlFor="page-content">Content (HTML; scripts and unsafe attributes are removed)</Label>
          <TextArea
            id="page-content"
            className="min-h-56 font-mono text-xs"
            value={f.content}
            onChange={(e) => setF({ ...f, content: e.target.value })}
          />
        </div>
        <div className="flex gap-2">
          <Select
            aria-label="Status"
            value={f.status}
            onChange={(e) => setF({ ...f, status: e.target.value as 'published' | 'draft' })}
          >
            <option value="published">Published</option>
            <option value="draft">Draft</option>
          </Select>
          <Select
            aria-label="Menu placement"
            value={placement}
            onChange={(e) => setPlacement(e.target.value as '' | 'header' | 'footer')}
          >
            <option value="">No menu link</option>
            <option value="header">Add to the header menu</option>
            <option value="footer">Add to the footer menu</option>
          </Select>
        </div>
      </div>
    </Dialog>
  );
}

function PromoEditor({ promo, onClose }: { promo: AdminPromo | 'new'; onClose: () => void }) {
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
      title={p ? 'Edit promo' : 'New promo'}
      footer={<Button onClick={save}>Save</Button>}
    >
      <div className="space-y-3">
        <Field label="Title" value={f.title} onChange={(e) => setF({ ...f, title: e.target.value })} />
        <Field label="Text" value={f.description} onChange={(e) => setF({ ...f, description: e.target.value })} />
        <Field label="Image URL" value={f.imageUrl} onChange={(e) => setF({ ...f, imageUrl: e.target.value })} />
        <Field label="Link" value={f.linkUrl} onChange={(e) => setF({ ...f, linkUrl: e.target.value })} />
        <div className="flex flex-wrap gap-2">
          <Select
            aria-label="Placement"
            value={f.placement}
            onChange={(e) => setF({ ...f, placement: e.target.value as AdminPromo['placement'] })}
          >
            {PROMO_PLACEMENTS.map((x) => (
              <option key={x}>{x}</option>
            ))}
          </Select>
          <Select
            aria-label="Status"
            value={f.status}
            onChange={(e) => setF({ ...f, status: e.target.value as 'active' | 'inactive' })}
          >
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </Select>
        </div>
        <div className="grid grid-cols-2 gap-2">
          <Field
            label="Starts"
            type="date"
            value={f.startAt}
            onChange={(e) => setF({ ...f, startAt: e.target.value })}
          />
          <Field label="Ends" type="date" value={f.endAt} onChange={(e) => setF({ ...f, endAt: e.target.value })} />
        </div>
      </div>
    </Dialog>
  );
}

export default function PagesSection() {
  usePageTitle('Admin: pages and promos');
  const { data: pages } = useAdminPages();
  const { data: promos } = useAdminPromos();
  const [page, setPage] = useState<CmsPage | 'new' | null>(null);
  const [promo, setPromo] = useState<AdminPromo | 'new' | null>(null);
  return (
    <div>
      <SectionTitle title="Pages and promos" />
      <Tabs defaultValue="pages">
        <TabsList>
          <TabsTrigger value="pages">Pages</TabsTrigger>
          <TabsTrigger value="promos">Promo banners</TabsTrigger>
        </TabsList>
        <TabsContent value="pages" className="space-y-3 pt-4">
          <Button onClick={() => setPage('new')}>New page</Button>
          <Table head={['Title', 'Slug', 'Status', 'Updated', '']} empty={pages?.data.length === 0}>
            {pages?.data.map((p) => (
              <tr key={p._id}>
                <td className={td}>{p.title}</td>
                <td className={`${td} font-mono text-xs`}>/page/{p.slug}</td>
                <td className={td}>
                  <Badge tone={p.status === 'published' ? 'green' : 'zinc'}>{p.status}</Badge>
                </td>
                <td className={td}>{fmtDate(p.updatedAt)}</td>
                <td className={`${td} space-x-2 whitespace-nowrap`}>
                  <Button size="sm" variant="outline" onClick={() => setPage(p)}>
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() =>
                      window.confirm(`Delete “${p.title}”?`) &&
                      act(() => adminActions.deletePage(p._id), 'Page deleted')
                    }
                  >
                    Delete
                  </Button>
                </td>
              </tr>
            ))}
          </Table>
        </TabsContent>
        <TabsContent value="promos" className="space-y-3 pt-4">
          <Button onClick={() => setPromo('new')}>New promo</Button>
          <Table head={['Title', 'Placement', 'Status', 'From', 'Until', '']} empty={promos?.data.length === 0}>
            {promos?.data.map((p) => (
              <tr key={p._id}>
                <td className={td}>{p.title}</td>
                <td className={td}>{p.placement}</td>
                <td className={td}>
                  <Badge tone={p.status === 'active' ? 'green' : 'zinc'}>{p.status}</Badge>
                </td>
                <td className={td}>{fmtDate(p.startAt)}</td>
                <td className={td}>{fmtDate(p.endAt)}</td>
                <td className={`${td} space-x-2 whitespace-nowrap`}>
                  <Button size="sm" variant="outline" onClick={() => setPromo(p)}>
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() =>
                      window.confirm(`Delete “${p.title}”?`) &&
                      act(() => adminActions.deletePromo(p._id), 'Promo deleted')
                    }
                  >
                    Delete
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

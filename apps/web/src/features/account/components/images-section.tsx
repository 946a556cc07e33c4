import type { Me } from '@marquee/shared';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';
import { toast } from '../../../components/ui/toast-store';
import { UploadField } from '../../../components/ui/upload-field';
import { refreshMe } from '../api';
import { Section } from './shared';

/** Avatar and cover with preview and progress (UploadField). */
export function ImagesSection({ user }: { user: Me }) {
  const { t } = useTranslation();
  const done = async () => {
    await refreshMe();
    toast.success(t('account.saved'));
  };
  return (
    <Section title={t('account.photos.title')} description={t('account.photos.description')}>
      <div className="mb-4 flex items-center gap-4">
        <Avatar src={user.avatar} alt={t('account.photos.currentAvatar')} size="lg" />
        {user.cover && (
          <img src={user.cover} alt={t('account.photos.currentCover')} className="h-20 w-52 rounded-xl object-cover" />
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <UploadField
          endpoint={user.isPerformer ? '/performers/avatar/upload' : '/users/avatar/upload'}
          label={t('account.photos.avatar')}
          accept="image/*"
          maxSizeMB={25}
          hint={t('account.photos.avatarHint')}
          onUploaded={done}
        />
        <UploadField
          endpoint={user.isPerformer ? '/performers/cover/upload' : '/users/cover/upload'}
          label={t('account.photos.cover')}
          accept="image/*"
          maxSizeMB={25}
          onUploaded={done}
        />
      </div>
    </Section>
  );
}

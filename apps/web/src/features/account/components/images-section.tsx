import type { Me } from '@marquee/shared';
import { Avatar } from '../../../components/ui/avatar';
import { toast } from '../../../components/ui/toast-store';
import { UploadField } from '../../../components/ui/upload-field';
import { refreshMe } from '../api';
import { Section } from './shared';

/** Avatar and cover with preview and progress (UploadField). */
export function ImagesSection({ user }: { user: Me }) {
  const done = async () => {
    await refreshMe();
    toast.success('Changes saved');
  };
  return (
    <Section title="Photos" description="Your avatar and the cover image at the top of your page.">
      <div className="mb-4 flex items-center gap-4">
        <Avatar src={user.avatar} alt="Current avatar" size="lg" />
        {user.cover && <img src={user.cover} alt="Current cover" className="h-20 w-52 rounded-xl object-cover" />}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <UploadField
          endpoint={user.isPerformer ? '/performers/avatar/upload' : '/users/avatar/upload'}
          label="Avatar"
          accept="image/*"
          maxSizeMB={25}
          hint="Square images look best."
          onUploaded={done}
        />
        <UploadField
          endpoint={user.isPerformer ? '/performers/cover/upload' : '/users/cover/upload'}
          label="Cover image"
          accept="image/*"
          maxSizeMB={25}
          onUploaded={done}
        />
      </div>
    </Section>
  );
}

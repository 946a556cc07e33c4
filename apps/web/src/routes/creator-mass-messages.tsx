import { MassMessageForm } from '../features/mass-messages/components/mass-message-form';
import { MassMessageList } from '../features/mass-messages/components/mass-message-list';
import { usePageTitle } from '../features/settings/hooks';

export default function CreatorMassMessagesPage() {
  usePageTitle('Mass messages');
  return (
    <div className="mx-auto max-w-3xl space-y-6 p-4 sm:p-6">
      <div>
        <h1 className="text-2xl font-bold">Mass messages</h1>
        <p className="mt-1 text-sm text-zinc-500">
          One message to all your subscribers or followers, each in their own private conversation. Attach a photo or
          video and set a price to sell it.
        </p>
      </div>
      <MassMessageForm />
      <section aria-labelledby="mass-history">
        <h2 id="mass-history" className="mb-3 text-lg font-semibold">
          Sent and scheduled
        </h2>
        <MassMessageList />
      </section>
    </div>
  );
}

import { notify } from '@/lib/notify';
import { useSignedInAction } from '@/lib/hooks';
import type { Channel } from '@/lib/types';
import { useSubscribeMutation, useSubscriptions, useUnsubscribeMutation } from './channels-api';

/** Subscribe / Unsubscribe; a guest is sent to the login screen first, like the list actions. */
export function SubscribeButton({ channel }: { channel: Channel }) {
  const { data: subscriptions } = useSubscriptions();
  const [subscribe, subscribing] = useSubscribeMutation();
  const [unsubscribe, unsubscribing] = useUnsubscribeMutation();
  const signedIn = useSignedInAction();
  const subscribed = subscriptions?.some((c) => c._id === channel._id) ?? false;
  const busy = subscribing.isLoading || unsubscribing.isLoading;

  const toggle = () =>
    signedIn(async () => {
      const result = subscribed ? await unsubscribe(channel._id) : await subscribe(channel._id);
      if (!result.error) notify.success(subscribed ? `Unsubscribed from ${channel.name}` : `Subscribed to ${channel.name}`);
    });

  return (
    <button
      type="button"
      className={subscribed ? 'btn btn--outline' : 'btn btn--primary'}
      onClick={toggle}
      disabled={busy}
      aria-pressed={subscribed}
    >
      {subscribed ? 'Subscribed' : 'Subscribe'}
    </button>
  );
}

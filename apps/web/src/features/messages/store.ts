import { MESSAGES_PAGE_SIZE } from '@marquee/shared/constants';
import type { MessageCreatedEvent, MessageDeletedEvent } from '@marquee/shared/messages';
import { create } from 'zustand';
import { getErrorMessage } from '../../lib/api';
import i18n from '../../lib/i18n';
import { useUiStore } from '../../lib/ui-store';
import {
  CONVERSATIONS_PAGE_SIZE,
  type Conversation,
  createConversation,
  fetchConversation,
  fetchConversations,
  fetchMessages,
  type Message,
  postMessage,
  readAllMessages,
  removeMessage,
} from './api';

/** The spec's 'Error occurred, please try again later', in the interface language. */
const tryAgain = () => i18n.t('errors.tryAgain');

type Status = 'idle' | 'requesting' | 'success' | 'failure';

/** A message in the thread; optimistic ones carry a client id until the server answers. */
export type ThreadMessage = Message & { pending?: 'sending' | 'error'; clientId?: string };

interface Thread {
  status: 'fetching' | 'loaded' | 'error';
  /** Oldest first (spec §4: the server page is reversed). */
  items: ThreadMessage[];
  total: number;
  /** How many server messages were fetched, the next offset. */
  offset: number;
  loadingMore: boolean;
}

interface MessagesState {
  listStatus: Status;
  /** Conversation ids in list order, de-duplicated. */
  ids: string[];
  byId: Record<string, Conversation>;
  page: number;
  total: number;
  query: string;
  threads: Record<string, Thread>;
  openError: string | null;

  loadConversations: (page?: number, q?: string) => Promise<void>;
  open: (id: string) => Promise<void>;
  openWith: (sourceId: string) => Promise<string | null>;
  loadOlder: (id: string) => Promise<void>;
  send: (
    id: string,
    body: { text: string; fileIds: string[]; price: number },
    preview?: Partial<Message>,
  ) => Promise<boolean>;
  remove: (messageId: string, conversationId: string) => Promise<boolean>;
  received: (e: MessageCreatedEvent) => void;
  deleted: (e: MessageDeletedEvent) => void;
  read: (conversationId: string, userId: string, me: string | undefined) => void;
  reset: () => void;
  /** After a reconnect: reload the list and the open thread's newest page, merging by id. */
  catchUp: () => Promise<void>;
  refreshMessage: (conversationId: string) => Promise<void>;
}

const uniq = (ids: string[]) => [...new Set(ids)];

/** Merges messages by id (a realtime event and the HTTP answer may both bring the same one), oldest first. */
function merge(existing: ThreadMessage[], incoming: ThreadMessage[]): ThreadMessage[] {
  const map = new Map<string, ThreadMessage>();
  for (const m of existing) map.set(m._id, m);
  for (const m of incoming) map.set(m._id, { ...map.get(m._id), ...m, pending: m.pending });
  return [...map.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id));
}

const initial = {
  listStatus: 'idle' as Status,
  ids: [] as string[],
  byId: {} as Record<string, Conversation>,
  page: 0,
  total: 0,
  query: '',
  threads: {} as Record<string, Thread>,
  openError: null as string | null,
};

/** Messaging state of spec §4: the conversation list, the active conversation and its messages. */
export const useMessagesStore = create<MessagesState>()((set, get) => ({
  ...initial,

  async loadConversations(page = 1, q = get().query) {
    set({ listStatus: 'requesting', query: q });
    try {
      const res = await fetchConversations(page, q || undefined);
      set((s) => {
        const byId = page === 1 ? {} : { ...s.byId };
        for (const c of res.data) byId[c._id] = c;
        const base = page === 1 ? [] : s.ids;
        // Keep the active conversation in the list even when it is not on the first page.
        const active = useUiStore.getState().activeConversationId;
        const ids = uniq([...base, ...res.data.map((c) => c._id)]);
        if (active && s.byId[active] && !ids.includes(active)) {
          byId[active] = s.byId[active];
          ids.unshift(active);
        }
        return { listStatus: 'success', ids, byId, page, total: res.total };
      });
    } catch {
      set({ listStatus: 'failure', ids: [], byId: {}, total: 0 });
    }
  },

  async open(id) {
    useUiStore.getState().setActiveConversation(id);
    set((s) => ({
      openError: null,
      threads: {
        ...s.threads,
        [id]: s.threads[id] ?? { status: 'fetching', items: [], total: 0, offset: 0, loadingMore: false },
      },
    }));
    try {
      const [conversation, page] = await Promise.all([
        get().byId[id] ? Promise.resolve(get().byId[id]) : fetchConversation(id),
        fetchMessages(id, 0, MESSAGES_PAGE_SIZE),
      ]);
      set((s) => ({
        byId: { ...s.byId, [id]: { ...conversation, totalNotSeenMessages: 0 } },
        ids: s.ids.includes(id) ? s.ids : [id, ...s.ids],
        threads: {
          ...s.threads,
          [id]: {
            status: 'loaded',
            items: merge(s.threads[id]?.items.filter((m) => m.pending) ?? [], [...page.data].reverse()),
            total: page.total,
            offset: page.data.length,
            loadingMore: false,
          },
        },
      }));
      await readAllMessages(id).catch(() => undefined);
    } catch {
      set((s) => ({
        openError: tryAgain(),
        threads: { ...s.threads, [id]: { status: 'error', items: [], total: 0, offset: 0, loadingMore: false } },
      }));
    }
  },

  async openWith(sourceId) {
    try {
      const c = await createConversation(sourceId);
      set((s) => ({ byId: { ...s.byId, [c._id]: c }, ids: uniq([c._id, ...s.ids]) }));
      return c._id;
    } catch (err) {
      set({ openError: getErrorMessage(err, tryAgain()) });
      return null;
    }
  },

  async loadOlder(id) {
    const t = get().threads[id];
    if (!t || t.loadingMore || t.offset >= t.total) return;
    set((s) => ({ threads: { ...s.threads, [id]: { ...t, loadingMore: true } } }));
    try {
      const page = await fetchMessages(id, t.offset, MESSAGES_PAGE_SIZE);
      set((s) => {
        const cur = s.threads[id];
        return {
          threads: {
            ...s.threads,
            [id]: {
              ...cur,
              items: merge(cur.items, [...page.data].reverse()),
              offset: cur.offset + page.data.length,
              total: page.total,
              loadingMore: false,
            },
          },
        };
      });
    } catch {
      set((s) => ({
        threads: { ...s.threads, [id]: { ...s.threads[id], loadingMore: false } },
        openError: tryAgain(),
      }));
    }
  },

  async send(id, body, preview) {
    const clientId = `tmp-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
    const optimistic: ThreadMessage = {
      _id: clientId,
      clientId,
      conversationId: id,
      senderId: preview?.senderId ?? '',
      sender: null,
      type: 'text',
      text: body.text,
      isDeleted: false,
      isSale: body.price > 0,
      price: body.price,
      isBought: true,
      files: preview?.files ?? [],
      massMessageId: null,
      createdAt: new Date().toISOString(),
      pending: 'sending',
    };
    const patch = (fn: (items: ThreadMessage[]) => ThreadMessage[]) =>
      set((s) => {
        const t = s.threads[id] ?? { status: 'loaded' as const, items: [], total: 0, offset: 0, loadingMore: false };
        return { threads: { ...s.threads, [id]: { ...t, items: fn(t.items) } } };
      });
    patch((items) => [...items, optimistic]);
    try {
      const saved = await postMessage(id, body);
      set((s) => {
        const t = s.threads[id];
        const known = t.items.some((m) => m._id === saved._id);
        const items = merge(
          t.items.filter((m) => m._id !== clientId),
          [saved],
        );
        const prev = s.byId[id];
        return {
          threads: {
            ...s.threads,
            [id]: { ...t, items, offset: t.offset + (known ? 0 : 1), total: t.total + (known ? 0 : 1) },
          },
          ids: uniq([id, ...s.ids]),
          byId: prev
            ? {
                ...s.byId,
                [id]: {
                  ...prev,
                  lastMessage: saved.text,
                  lastMessageCreatedAt: saved.createdAt,
                  lastMessageSenderId: saved.senderId,
                },
              }
            : s.byId,
        };
      });
      return true;
    } catch (err) {
      patch((items) => items.map((m) => (m._id === clientId ? { ...m, pending: 'error' } : m)));
      set({ openError: getErrorMessage(err, tryAgain()) });
      return false;
    }
  },

  async remove(messageId, conversationId) {
    try {
      const m = await removeMessage(messageId);
      get().deleted({ conversationId, messageId, message: m });
      return true;
    } catch (err) {
      set({ openError: getErrorMessage(err, tryAgain()) });
      return false;
    }
  },

  received({ conversationId, message, conversation }) {
    const active = useUiStore.getState().activeConversationId === conversationId;
    set((s) => {
      let t = s.threads[conversationId];
      // Our own message coming back over the socket before the HTTP answer replaces its optimistic copy.
      const echo = t?.items.find(
        (m) => m.pending === 'sending' && m.senderId === message.senderId && m.text === message.text,
      );
      if (t && echo)
        t = { ...t, items: t.items.map((m) => (m === echo ? { ...message, clientId: echo.clientId } : m)) };
      const threads =
        t && t.status === 'loaded' && (echo || !t.items.some((m) => m._id === message._id))
          ? {
              ...s.threads,
              [conversationId]: { ...t, items: merge(t.items, [message]), offset: t.offset + 1, total: t.total + 1 },
            }
          : t
            ? { ...s.threads, [conversationId]: { ...t, items: merge(t.items, [message]) } }
            : s.threads;
      const prev = s.byId[conversationId];
      const next: Conversation = {
        ...(prev ?? conversation),
        ...conversation,
        totalNotSeenMessages: active ? 0 : conversation.totalNotSeenMessages,
      };
      return { threads, byId: { ...s.byId, [conversationId]: next }, ids: uniq([conversationId, ...s.ids]) };
    });
    // Looking at it: it is read at once (and the other tabs hear so).
    if (active && document.visibilityState === 'visible') void readAllMessages(conversationId).catch(() => undefined);
  },

  deleted({ conversationId, message }) {
    set((s) => {
      const t = s.threads[conversationId];
      if (!t) return {};
      return { threads: { ...s.threads, [conversationId]: { ...t, items: merge(t.items, [message]) } } };
    });
  },

  read(conversationId, userId, me) {
    if (userId !== me) return;
    set((s) =>
      s.byId[conversationId]
        ? { byId: { ...s.byId, [conversationId]: { ...s.byId[conversationId], totalNotSeenMessages: 0 } } }
        : {},
    );
  },

  reset() {
    set(initial);
  },

  async catchUp() {
    await get().loadConversations(1);
    const active = useUiStore.getState().activeConversationId;
    if (active) await get().refreshMessage(active);
  },

  async refreshMessage(conversationId) {
    try {
      const page = await fetchMessages(conversationId, 0, MESSAGES_PAGE_SIZE);
      set((s) => {
        const t = s.threads[conversationId];
        if (!t) return {};
        return {
          threads: {
            ...s.threads,
            [conversationId]: { ...t, items: merge(t.items, [...page.data].reverse()), total: page.total },
          },
        };
      });
    } catch {
      /* the next event or reload will bring it */
    }
  },
}));

export { CONVERSATIONS_PAGE_SIZE };

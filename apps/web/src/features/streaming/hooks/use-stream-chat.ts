import type { Message } from '@marquee/shared/messages';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { getErrorMessage } from '../../../lib/api';
import { useRealtimeEvent } from '../../../lib/realtime';
import { streamingApi } from '../api';

const PAGE = 25;

export type ChatMessage = Message & { pending?: boolean };

export interface ChatState {
  status: 'fetching' | 'loaded';
  items: ChatMessage[];
  total: number;
  offset: number;
}

export type ChatAction =
  | { type: 'loaded'; page: Message[]; total: number; older: boolean }
  | { type: 'received'; message: ChatMessage; replaceId?: string }
  | { type: 'deleted'; message: Message }
  | { type: 'cleared' }
  | { type: 'failed'; id: string };

function byTime(a: ChatMessage, b: ChatMessage) {
  return a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id);
}

/** Stream chat states of spec §4: like messages, a received message is appended and a delete marks it deleted. */
export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'loaded': {
      // The server answers newest first: reversed so the oldest is on top; older pages are prepended.
      const incoming = [...action.page].reverse();
      const known = new Set(incoming.map((m) => m._id));
      const items = [...incoming, ...state.items.filter((m) => !known.has(m._id))].sort(byTime);
      return { status: 'loaded', items, total: action.total, offset: state.offset + action.page.length };
    }
    case 'received': {
      const existed = state.items.some((m) => m._id === action.message._id);
      const rest = state.items.filter((m) => m._id !== action.message._id && m._id !== action.replaceId);
      // Only server messages count (an optimistic line is not one yet).
      const added = existed || action.message.pending ? 0 : 1;
      return {
        ...state,
        items: [...rest, action.message].sort(byTime),
        total: state.total + added,
        offset: state.offset + added,
      };
    }
    case 'deleted':
      return {
        ...state,
        items: state.items.map((m) =>
          m._id === action.message._id ? { ...m, ...action.message, isDeleted: true, text: 'Message deleted' } : m,
        ),
      };
    case 'cleared':
      return { ...state, items: state.items.map((m) => ({ ...m, isDeleted: true, text: 'Message deleted' })) };
    case 'failed':
      return { ...state, items: state.items.filter((m) => m._id !== action.id) };
  }
}

/**
 * The chat of one stream: first page, older pages, realtime appends and deletes, sending.
 * Spec §8: a stream message load error is logged only; nothing is shown.
 * Without a socket (signed-out viewers of a free stream) the newest page is polled.
 */
export function useStreamChat(streamId: string | undefined, conversationId: string | null | undefined, poll = false) {
  const [state, dispatch] = useReducer(chatReducer, { status: 'fetching', items: [], total: 0, offset: 0 });
  const chatId = conversationId ?? streamId;
  const loadingOlder = useRef(false);

  const loadNewest = useCallback(async () => {
    if (!chatId) return;
    try {
      const page = await streamingApi.messages(chatId, 0, PAGE);
      dispatch({ type: 'loaded', page: page.data, total: page.total, older: false });
    } catch (err) {
      console.error('Stream messages could not be loaded', err);
    }
  }, [chatId]);

  useEffect(() => {
    void loadNewest();
    if (!poll) return;
    const timer = setInterval(() => void loadNewest(), 5000);
    return () => clearInterval(timer);
  }, [loadNewest, poll]);

  useRealtimeEvent('stream/message', (e) => {
    if (e.streamId === streamId) dispatch({ type: 'received', message: e.message });
  });
  useRealtimeEvent('stream/message-deleted', (e) => {
    if (e.streamId === streamId) dispatch({ type: 'deleted', message: e.message });
  });
  useRealtimeEvent('stream/chat-cleared', (e) => {
    if (e.streamId === streamId) dispatch({ type: 'cleared' });
  });

  const loadOlder = useCallback(async () => {
    if (!chatId || loadingOlder.current || state.offset >= state.total) return;
    loadingOlder.current = true;
    try {
      const page = await streamingApi.messages(chatId, state.offset, PAGE);
      dispatch({ type: 'loaded', page: page.data, total: page.total, older: true });
    } catch (err) {
      console.error('Stream messages could not be loaded', err);
    } finally {
      loadingOlder.current = false;
    }
  }, [chatId, state.offset, state.total]);

  /** Sends a message; resolves with an error text to show, or null. */
  const send = useCallback(
    async (text: string, me: Message['sender']): Promise<string | null> => {
      if (!chatId) return null;
      const tmp = `tmp-${Date.now()}`;
      dispatch({
        type: 'received',
        message: {
          _id: tmp,
          conversationId: conversationId ?? '',
          senderId: me?._id ?? '',
          sender: me,
          type: 'text',
          text,
          isDeleted: false,
          isSale: false,
          price: 0,
          isBought: true,
          files: [],
          massMessageId: null,
          createdAt: new Date().toISOString(),
          pending: true,
        },
      });
      try {
        const saved = await streamingApi.send(chatId, text);
        dispatch({ type: 'received', message: saved, replaceId: tmp });
        return null;
      } catch (err) {
        dispatch({ type: 'failed', id: tmp });
        return getErrorMessage(err);
      }
    },
    [chatId, conversationId],
  );

  const remove = useCallback(async (message: Message) => {
    const saved = await streamingApi.deleteMessage(message._id);
    dispatch({ type: 'deleted', message: saved ?? message });
  }, []);

  return { ...state, hasOlder: state.offset < state.total, loadOlder, send, remove };
}

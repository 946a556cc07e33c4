import type { PrivateRequest } from '@marquee/shared/streaming';
import { create } from 'zustand';

/** Spec §3/§4 streaming state: private requests (each with its conversationId), added, and removed when accessed. */
interface StreamingState {
  privateRequests: PrivateRequest[];
  setRequests: (requests: PrivateRequest[]) => void;
  addRequest: (request: PrivateRequest) => void;
  removeRequest: (id: string) => void;
}

export const useStreamingStore = create<StreamingState>()((set) => ({
  privateRequests: [],
  setRequests: (privateRequests) => set({ privateRequests }),
  addRequest: (request) =>
    set((s) => ({ privateRequests: [request, ...s.privateRequests.filter((r) => r._id !== request._id)] })),
  removeRequest: (id) => set((s) => ({ privateRequests: s.privateRequests.filter((r) => r._id !== id) })),
}));

import { create } from 'zustand';

/**
 * The toasts waiting to be shown and the `toast` API, without the UI: the Toaster (Radix) is
 * loaded the first time a toast is pushed (app-shell), so the first page does not carry it.
 */
export type ToastKind = 'success' | 'error' | 'info';
export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

export const useToastStore = create<{ items: ToastItem[]; remove: (id: number) => void }>()((set) => ({
  items: [],
  remove: (id) => set((s) => ({ items: s.items.filter((t) => t.id !== id) })),
}));

let nextId = 1;
function push(kind: ToastKind, message: string): number {
  const id = nextId++;
  // At most three on screen; the oldest leaves first.
  useToastStore.setState((s) => ({ items: [...s.items.slice(-2), { id, kind, message }] }));
  return id;
}

/** `toast.success('Changes saved')`, `toast.error(getErrorMessage(err))`. Needs one <Toaster /> mounted. */
export const toast = {
  success: (message: string) => push('success', message),
  error: (message: string) => push('error', message),
  info: (message: string) => push('info', message),
  dismiss: (id: number) => useToastStore.getState().remove(id),
};

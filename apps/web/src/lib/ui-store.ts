import type { RealtimeStatus } from '@marquee/shared/realtime';
import { create } from 'zustand';
import { getToken } from './cookies';
import { getStoredTheme, type ThemeChoice } from './theme';

export type RegisterTab = 'fan' | 'creator';

/** Small client state of the app (spec §2 and §4). Server data lives in SWR, not here. */
export interface UiState {
  /** Mirror of the `token` cookie so components re-render on login and logout. */
  token: string | undefined;
  loginOpen: boolean;
  registerOpen: boolean;
  registerTab: RegisterTab;
  sidebarOpen: boolean;
  /** Layout flags: each selects its own layout when true (spec §2). */
  maintenance: boolean;
  geoBlocked: boolean;
  regionBlocked: boolean;
  realtimeStatus: RealtimeStatus;
  activeConversationId: string | null;
  theme: ThemeChoice;

  setToken: (token: string | undefined) => void;
  openLogin: () => void;
  closeLogin: () => void;
  openRegister: (tab?: RegisterTab) => void;
  closeRegister: () => void;
  setRegisterTab: (tab: RegisterTab) => void;
  setSidebarOpen: (open: boolean) => void;
  toggleSidebar: () => void;
  setFlags: (flags: Partial<Pick<UiState, 'maintenance' | 'geoBlocked' | 'regionBlocked'>>) => void;
  setRealtimeStatus: (status: RealtimeStatus) => void;
  setActiveConversation: (id: string | null) => void;
  setThemeChoice: (theme: ThemeChoice) => void;
}

export const useUiStore = create<UiState>()((set) => ({
  token: typeof document === 'undefined' ? undefined : getToken(),
  loginOpen: false,
  registerOpen: false,
  registerTab: 'fan',
  sidebarOpen: false,
  maintenance: false,
  geoBlocked: false,
  regionBlocked: false,
  realtimeStatus: 'initialized',
  activeConversationId: null,
  theme: typeof window === 'undefined' ? 'system' : getStoredTheme(),

  setToken: (token) => set({ token }),
  openLogin: () => set({ loginOpen: true, registerOpen: false }),
  closeLogin: () => set({ loginOpen: false }),
  openRegister: (tab) => set((s) => ({ registerOpen: true, loginOpen: false, registerTab: tab ?? s.registerTab })),
  closeRegister: () => set({ registerOpen: false }),
  setRegisterTab: (registerTab) => set({ registerTab }),
  setSidebarOpen: (sidebarOpen) => set({ sidebarOpen }),
  toggleSidebar: () => set((s) => ({ sidebarOpen: !s.sidebarOpen })),
  setFlags: (flags) => set(flags),
  setRealtimeStatus: (realtimeStatus) => set({ realtimeStatus }),
  setActiveConversation: (activeConversationId) => set({ activeConversationId }),
  setThemeChoice: (theme) => set({ theme }),
}));

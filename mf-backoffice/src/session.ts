import { readStored, writeStored } from '@adire/contracts';
import { create } from 'zustand';

/** The staff member signed in to the back office (apart from any shopper signed in to the store). */
export interface StaffSession {
  token: string;
  email: string;
  name: string | null;
  role: 'florist' | 'manager';
  /** What the server says this role may open ('orders', 'settings', 'audit', …). */
  permissions: string[];
}

interface SessionState {
  session: StaffSession | null;
  signIn(session: StaffSession): void;
  signOut(): void;
}

const stored = (): StaffSession | null => {
  const value = readStored<StaffSession>('staffSession');
  return value && typeof value.token === 'string' && Array.isArray(value.permissions) ? value : null;
};

export const useSession = create<SessionState>((set) => ({
  session: stored(),
  signIn(session) {
    writeStored('staffSession', session);
    set({ session });
  },
  signOut() {
    writeStored('staffSession', null);
    set({ session: null });
  },
}));

/** Whether the signed-in member may open a part (the server checks it again on every call). */
export const may = (session: StaffSession | null, permission: string) => !!session?.permissions.includes(permission);

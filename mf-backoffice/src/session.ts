import { readStored, writeStored, type StaffMember, type StaffPermission } from '@adire/contracts';
import { create } from 'zustand';

/**
 * The staff member signed in to the back office (apart from any shopper signed in to the store): the
 * session's token and the member the server answered (StaffSignedIn); `permissions` say what this role
 * may open ('orders', 'settings', 'audit', …).
 */
export type StaffSession = StaffMember & { token: string };

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
export const may = (session: StaffSession | null, permission: StaffPermission) => !!session?.permissions.includes(permission);

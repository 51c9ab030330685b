import type { StaffLoggedOut, StaffPermission } from '@adire/contracts';
import { BrowserRouter, Link, Navigate, Route, Routes, useLocation } from '@adire/router';
import type { ReactNode } from 'react';
import { paths, staffApi } from './api';
import { Audit } from './audit/Audit';
import { Catalog, ProductEditor } from './catalog/Catalog';
import { Featured } from './catalog/Featured';
import { Releases } from './releases/Releases';
import { Reset } from './Reset';
import { Reviews } from './reviews/Reviews';
import { Searches } from './searches/Searches';
import { Staff } from './staff/Staff';
import styles from './backoffice.module.css';
import { Login } from './Login';
import { NotFound } from './NotFound';
import { DaySheet } from './days/DaySheet';
import { PeakDays } from './days/PeakDays';
import { Board } from './orders/Board';
import { NewOrder } from './orders/NewOrder';
import { OrderPage } from './orders/OrderPage';
import { RiderHome } from './rider/Deliveries';
import { may, useSession } from './session';
import { Settings } from './settings/Settings';
import { Welcome } from './Welcome';

/** A part only some roles may open: hidden from the others (and refused by the server anyway). */
function Allowed({ permission, what, children }: { permission: StaffPermission; what: string; children: ReactNode }) {
  const session = useSession((s) => s.session);
  if (!may(session, permission)) {
    return (
      <section className={styles.page}>
        <h1>Not for your role</h1>
        <p>Only managers can open {what}.</p>
        <Link to="/">Back to the orders</Link>
      </section>
    );
  }
  return children;
}

function SignedIn({ children }: { children: ReactNode }) {
  const session = useSession((s) => s.session);
  const location = useLocation();
  if (!session) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return children;
}

function Bar() {
  const session = useSession((s) => s.session);
  const signOut = useSession((s) => s.signOut);
  if (!session) return null;
  const logOut = async () => {
    await staffApi.post<StaffLoggedOut>(paths.logout);
    signOut();
  };
  return (
    <header className={styles.bar}>
      <Link to="/" className={styles.brand}>
        Adire Blooms <span>back office</span>
      </Link>
      <nav aria-label="Back office" className={styles.nav}>
        <Link to="/">{session.role === 'rider' ? 'My deliveries' : 'Orders'}</Link>
        {may(session, 'settings') && <Link to="/peak-days">Peak days</Link>}
        {may(session, 'settings') && <Link to="/settings">Settings</Link>}
        {may(session, 'catalog') && <Link to="/catalog">Catalogue</Link>}
        {may(session, 'reviews') && <Link to="/reviews">Reviews</Link>}
        {may(session, 'catalog') && <Link to="/searches">Searches</Link>}
        {may(session, 'staff') && <Link to="/staff">Staff</Link>}
        {may(session, 'audit') && <Link to="/audit">Audit</Link>}
        {may(session, 'releases') && <Link to="/releases">Releases</Link>}
      </nav>
      <div className={styles.who}>
        <span>
          {session.email} ({session.role})
        </span>
        <button type="button" onClick={() => void logOut()} className={styles.secondary}>
          Log out
        </button>
      </div>
    </header>
  );
}

/** The staff's back office on /backoffice/*: its own bar, pages, not-found and error fallback. */
export function BackofficeApp() {
  return (
    <div data-boundary="backoffice" className={styles.root}>
      <BrowserRouter basename="/backoffice">
        <Bar />
        <div className={styles.content}>
          <Routes>
            <Route path="/login" element={<Login />} />
            <Route path="/welcome" element={<Welcome />} />
            <Route path="/reset" element={<Reset />} />
            <Route path="/" element={<SignedIn><RiderHome otherwise={<Board />} /></SignedIn>} />
            <Route path="/orders/new" element={<SignedIn><NewOrder /></SignedIn>} />
            <Route path="/orders/:orderNumber" element={<SignedIn><OrderPage /></SignedIn>} />
            <Route path="/days/:date/sheet" element={<SignedIn><DaySheet /></SignedIn>} />
            <Route path="/peak-days" element={<SignedIn><Allowed permission="settings" what="the peak days"><PeakDays /></Allowed></SignedIn>} />
            <Route path="/settings" element={<SignedIn><Allowed permission="settings" what="the settings"><Settings /></Allowed></SignedIn>} />
            <Route path="/catalog" element={<SignedIn><Allowed permission="catalog" what="the catalogue"><Catalog /></Allowed></SignedIn>} />
            <Route path="/catalog/featured" element={<SignedIn><Allowed permission="catalog" what="the catalogue"><Featured /></Allowed></SignedIn>} />
            <Route path="/catalog/:slug" element={<SignedIn><Allowed permission="catalog" what="the catalogue"><ProductEditor /></Allowed></SignedIn>} />
            <Route path="/reviews" element={<SignedIn><Allowed permission="reviews" what="reviews"><Reviews /></Allowed></SignedIn>} />
            <Route path="/searches" element={<SignedIn><Allowed permission="catalog" what="what shoppers searched for"><Searches /></Allowed></SignedIn>} />
            <Route path="/staff" element={<SignedIn><Allowed permission="staff" what="staff accounts"><Staff /></Allowed></SignedIn>} />
            <Route path="/audit" element={<SignedIn><Allowed permission="audit" what="the audit"><Audit /></Allowed></SignedIn>} />
            <Route path="/releases" element={<SignedIn><Allowed permission="releases" what="release status"><Releases /></Allowed></SignedIn>} />
            <Route path="*" element={<NotFound />} />
          </Routes>
        </div>
      </BrowserRouter>
    </div>
  );
}

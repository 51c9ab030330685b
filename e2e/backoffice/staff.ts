// Helpers of the back office's browser tests: staff made by the real command, on the suite's own store.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { latestMail, OWN_STORE, RELEASES_DIR, serverCommand, uniqueEmail } from '../support';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface Staff {
  email: string;
  password: string;
  role: 'florist' | 'manager' | 'rider';
  token: string;
}

/** `pnpm staff …` against the suite's own database (or DATABASE_URL / SQLITE_FILE beside BASE_URL). */
export function staffCommand(args: string[]): string {
  const env = OWN_STORE ? { ...process.env, SQLITE_FILE: path.join(path.dirname(RELEASES_DIR), 'shop.sqlite') } : { ...process.env };
  return execFileSync(process.execPath, serverCommand('staff', args), {
    cwd: path.resolve(here, '../../server'),
    env: { ...env, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
}

/** A member of staff made by the command, who sets a password with the code the invitation mailed. */
export async function newStaff(page: Page, role: Staff['role']): Promise<Staff> {
  const email = uniqueEmail(role);
  expect(staffCommand(['add', email, '--role', role])).toContain(`${email} is a ${role}`);
  const mail = await latestMail(page, email, /back office/);
  const code = /invitation code: (\d{6})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No invitation code in the mail to ${email}`);
  const password = `Staff-${role}-2026`;
  const res = await page.request.post('/v1/backoffice/auth/accept-invite', { data: { business: 'adire-blooms', email, code, password } });
  expect(res.status(), await res.text()).toBe(200);
  return { email, password, role, token: (await res.json()).data.token };
}

/** Log in on the back office's login page; lands on the orders board (a rider on their deliveries). */
export async function logIn(page: Page, staff: Staff): Promise<void> {
  await page.goto('/backoffice/login');
  const form = page.getByRole('form', { name: 'Staff login' });
  await form.getByLabel('E-mail').fill(staff.email);
  await form.getByLabel('Password').fill(staff.password);
  await form.getByRole('button', { name: 'Log in' }).click();
  // A rider's home is their own deliveries (issue 40); everyone else's the board.
  await expect(page.getByRole('heading', { name: staff.role === 'rider' ? 'My deliveries' : 'Orders', level: 1 })).toBeVisible();
}

/** A back-office API call with a token, as the browser would make it. */
export const backoffice = (page: Page, method: 'GET' | 'PUT' | 'POST', url: string, token: string, data?: Record<string, unknown>) =>
  page.request.fetch(`/v1/backoffice/${url}${method === 'GET' ? `${url.includes('?') ? '&' : '?'}business=adire-blooms` : ''}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data ? { data: { business: 'adire-blooms', ...data } } : {}),
  });

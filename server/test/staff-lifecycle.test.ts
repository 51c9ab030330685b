import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authConfigWith } from '../src/domains/account';
import { executeStaffCommand, loadStaffConfig, parseStaffCommand, StaffCommandError, STAFF_USAGE } from '../src/domains/staff';
import { createMailer } from '../src/mail/mailer';
import { startTestShop, type TestShop } from './helpers';

/**
 * Issue 32, item 3: a member's life after the invitation — disable and enable, a new role, removal
 * (the audit keeps who they were), sign out everywhere, a forgotten password's code by mail — from the
 * back office (managers) and `pnpm staff`; a disabled or removed member's token stops at the next
 * request; the last active manager cannot be disabled, demoted or removed. SQLite and PostgreSQL.
 */

let shop: TestShop;
const business = 'adire-blooms';
const P = '/v1/backoffice';
const auth = authConfigWith({ otpResendCooldownMs: 0, limits: { otpRequestPerAddress: { max: 3, windowMs: 15 * 60_000 } } });
const staffConfig = loadStaffConfig({}, auth);
const deps = () => ({ mailer: createMailer({ db: shop.db, from: 'Adire Blooms <hello@adireblooms.ng>' }), config: staffConfig, publicUrl: 'http://shop.test' });
const command = (...argv: string[]) => executeStaffCommand(shop.db, parseStaffCommand(argv), deps());
const BOSS = 'boss@adireblooms.ng';
let boss = '';
let n = 0;

function call(method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: Record<string, unknown>, ip = '127.0.0.1') {
  return shop.app.inject({
    method,
    url: method === 'GET' ? `${url}${url.includes('?') ? '&' : '?'}business=${business}` : url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    remoteAddress: ip,
    ...(method === 'GET' ? {} : { payload: { business, ...payload } }),
  });
}
const data = <T = any>(res: LightMyRequestResponse): T => {
  if (res.statusCode >= 300) throw new Error(`expected a success, got ${res.statusCode}: ${res.body.slice(0, 500)}`);
  return res.json().data as T;
};
const lastMail = async (to: string) => (await shop.db.kysely.selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', to).orderBy('created_at', 'desc').executeTakeFirst()) ?? null;
const mailCount = async (to: string) => Number((await shop.db.kysely.selectFrom('mail_outbox').select((eb) => eb.fn.countAll().as('n')).where('to_address', '=', to).executeTakeFirstOrThrow()).n);
const codeIn = (text: string) => /code: (\d{6})/.exec(text)![1]!;
const me = (token: string) => call('GET', `${P}/me`, token);
const act = (token: string, email: string, action: string) => call('POST', `${P}/staff/${encodeURIComponent(email)}/${action}`, token);
const setRole = (token: string, email: string, role: unknown) => call('PUT', `${P}/staff/${encodeURIComponent(email)}/role`, token, { role });
const login = (email: string, password: string) => call('POST', `${P}/auth/login`, undefined, { email, password });
const auditOf = async (action: string, target: string) => data<{ actor: string; before: any; after: any }[]>(await call('GET', `${P}/audit?action=${action}&target=${encodeURIComponent(target)}`, boss));
const memberRow = (email: string) => shop.db.kysely.selectFrom('staff_member').selectAll().where('email', '=', email).executeTakeFirst();

/** A member made by a manager's invitation (or the command for the first), with a password set: their token. */
async function member(role: 'florist' | 'manager', name = 'Tolu Ade'): Promise<{ email: string; password: string; token: string }> {
  const email = `${role}-${++n}@adireblooms.ng`;
  if (boss) data(await call('POST', `${P}/staff`, boss, { email, role, name }));
  else await command('add', email, '--role', role);
  const password = `Staff-${role}-${n}-2026`;
  const code = codeIn((await lastMail(email))!.text_body);
  const { token } = data(await call('POST', `${P}/auth/accept-invite`, undefined, { email, code, password }));
  return { email, password, token };
}

beforeAll(async () => {
  shop = await startTestShop({ auth, config: { staff: staffConfig } });
  await command('add', BOSS, '--role', 'manager', '--name', 'Ada Obi');
  boss = data(await call('POST', `${P}/auth/accept-invite`, undefined, { email: BOSS, code: codeIn((await lastMail(BOSS))!.text_body), password: 'Staff-boss-2026' })).token;
}, 60_000);
afterAll(() => shop.close());

describe('disable and enable', () => {
  it("a disabled member's token stops on the next request and their right password is refused with the reason; enabled, they log in again; both audited", async () => {
    const florist = await member('florist');
    expect((await me(florist.token)).statusCode).toBe(200);
    const said = data<{ message: string; member: { disabled: boolean } }>(await act(boss, florist.email, 'disable'));
    expect(said).toMatchObject({ message: `${florist.email} is disabled: their sessions have ended and they cannot log in until enabled again.`, member: { disabled: true } });
    expect((await me(florist.token)).statusCode).toBe(401);
    const refused = await login(florist.email, florist.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'STAFF_DISABLED', message: 'This staff account is disabled. Ask a manager to enable it.' });
    // A wrong password for a disabled member says nothing more than for anyone.
    expect((await login(florist.email, 'not-the-password')).json().code).toBe('INVALID_CREDENTIALS');
    expect((await act(boss, florist.email, 'disable')).json()).toMatchObject({ code: 'NOTHING_TO_CHANGE', message: `${florist.email} is already disabled.` });

    data(await act(boss, florist.email, 'enable'));
    expect((await me(florist.token)).statusCode).toBe(401); // its sessions ended for good
    expect((await login(florist.email, florist.password)).statusCode).toBe(200);
    const [disabled] = await auditOf('staff.disable', florist.email);
    expect(disabled).toMatchObject({ actor: BOSS, before: { status: 'active' }, after: { status: 'disabled' } });
    expect((await auditOf('staff.enable', florist.email))[0]).toMatchObject({ before: { status: 'disabled' }, after: { status: 'active' } });
    expect((await auditOf('staff.login-failed', florist.email))[0]).toMatchObject({ after: { reason: expect.stringMatching(/wrong password|disabled/) } });
  });
});

describe('roles', () => {
  it('a new role applies to the next request of a live session; a role that is not one is a 400 naming the field, nothing changed', async () => {
    const florist = await member('florist');
    expect((await call('GET', `${P}/settings`, florist.token)).statusCode).toBe(403);
    expect(data(await setRole(boss, florist.email, 'manager')).message).toBe(`${florist.email} is now a manager: it applies to their next request.`);
    expect((await call('GET', `${P}/settings`, florist.token)).statusCode).toBe(200);
    // ["florist"] too: a role is read strictly by type, Ajv's coercion no longer makes it "florist" (issue 38, P10).
    for (const bad of ['owner', '', null, 7, ['florist'], { role: 'florist' }, true]) {
      const res = await setRole(boss, florist.email, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ fields: { role: expect.any(String) } });
    }
    expect((await memberRow(florist.email))!.role).toBe('manager');
    // An invitation's role is read as strictly.
    const invited = await call('POST', `${P}/staff`, boss, { email: `strict-${++n}@adireblooms.ng`, role: ['manager'], name: 'Kemi Bello' });
    expect(invited.statusCode).toBe(400);
    expect(invited.json()).toMatchObject({ code: 'INVALID_ROLE', fields: { role: expect.any(String) } });
    data(await setRole(boss, florist.email, 'florist'));
    expect((await call('GET', `${P}/settings`, florist.token)).statusCode).toBe(403);
    expect((await auditOf('staff.role', florist.email)).map((e) => [e.before.role, e.after.role])).toEqual([['manager', 'florist'], ['florist', 'manager']]);
  });

  it('a florist may not change anyone (403); an unknown member is a 404, a malformed address a 400 naming the field', async () => {
    const florist = await member('florist');
    for (const action of ['disable', 'enable', 'remove', 'sign-out', 'unlock', 'reset']) expect((await act(florist.token, BOSS, action)).statusCode).toBe(403);
    expect((await setRole(florist.token, florist.email, 'manager')).statusCode).toBe(403);
    const unknown = await act(boss, 'nobody@adireblooms.ng', 'disable');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'STAFF_NOT_FOUND', message: 'No member of staff has the address nobody@adireblooms.ng.', fields: { email: 'is not a member of staff' } });
    expect((await act(boss, 'not an address', 'remove')).json()).toMatchObject({ code: 'INVALID_EMAIL', fields: { email: expect.any(String) } });
  });
});

describe('the last active manager', () => {
  it('cannot disable, demote or remove themselves (a clear 409); with a second manager they can, and then the other cannot', async () => {
    for (const res of [await act(boss, BOSS, 'disable'), await setRole(boss, BOSS, 'florist'), await act(boss, BOSS, 'remove')]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'LAST_MANAGER', message: expect.stringMatching(/^You are the last active manager: .* Make another member a manager first/) });
    }
    await expect(command('disable', BOSS)).rejects.toThrow(`${BOSS} is the last active manager`);
    expect((await me(boss)).statusCode).toBe(200);

    const second = await member('manager');
    data(await setRole(second.token, second.email, 'florist')); // the boss is still a manager
    data(await setRole(boss, second.email, 'manager'));
    data(await act(second.token, BOSS, 'disable'));
    expect((await me(boss)).statusCode).toBe(401);
    expect((await act(second.token, second.email, 'disable')).json().code).toBe('LAST_MANAGER');
    data(await act(second.token, BOSS, 'enable'));
    boss = data(await login(BOSS, 'Staff-boss-2026')).token;
  });

  it('two managers disabling each other at the same moment: one wins, one is refused, a manager remains', async () => {
    const a = await member('manager');
    const b = await member('manager');
    const activeManagers = () => shop.db.kysely.selectFrom('staff_member').select('email').where('role', '=', 'manager').where('disabled_at', 'is', null).where('password_hash', 'is not', null).execute();
    const others = (await activeManagers()).map((m) => m.email).filter((e) => e !== a.email && e !== b.email);
    for (const other of others) data(await act(a.token, other, 'disable')); // a and b are the only active managers
    const [ab, ba] = await Promise.all([act(a.token, b.email, 'disable'), act(b.token, a.email, 'disable')]);
    expect([ab.statusCode, ba.statusCode].filter((s) => s === 200)).toHaveLength(1);
    expect([ab, ba].find((r) => r.statusCode !== 200)!.json().code).toMatch(/LAST_MANAGER|UNAUTHORIZED/);
    expect(await activeManagers()).toHaveLength(1);
    const winner = ab.statusCode === 200 ? a : b;
    for (const other of others) data(await act(winner.token, other, 'enable'));
    boss = data(await login(BOSS, 'Staff-boss-2026')).token;
  });
});

describe('remove and sign out', () => {
  it('a removed member is gone (token, login, list) but the audit keeps who they were and what they did; the address can be invited again', async () => {
    const leaving = await member('florist', 'Chioma Eze');
    await login(leaving.email, 'a-wrong-password');
    data(await act(boss, leaving.email, 'remove'));
    expect((await me(leaving.token)).statusCode).toBe(401);
    expect((await login(leaving.email, leaving.password)).statusCode).toBe(401);
    expect(data<{ email: string }[]>(await call('GET', `${P}/staff`, boss)).map((m) => m.email)).not.toContain(leaving.email);
    expect(await memberRow(leaving.email)).toBeUndefined();
    const [removed] = await auditOf('staff.remove', leaving.email);
    expect(removed).toMatchObject({ actor: BOSS, before: { email: leaving.email, name: 'Chioma Eze', role: 'florist', status: 'active' }, after: null });
    const theirs = data<{ actor: string; action: string }[]>(await call('GET', `${P}/audit?actor=${encodeURIComponent(leaving.email)}`, boss));
    expect(theirs.map((e) => e.action)).toEqual(expect.arrayContaining(['staff.set-password', 'staff.login-failed']));
    expect((await act(boss, leaving.email, 'remove')).statusCode).toBe(404);
    expect((await call('POST', `${P}/staff`, boss, { email: leaving.email, role: 'florist' })).statusCode).toBe(201);
  });

  it('"sign out everywhere" ends every session of the member (counted in the audit); they can log in again', async () => {
    const florist = await member('florist');
    const second = data(await login(florist.email, florist.password)).token;
    expect(data(await act(boss, florist.email, 'sign-out')).message).toBe(`${florist.email} is signed out everywhere (2 sessions ended).`);
    expect((await me(florist.token)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect((await auditOf('staff.sign-out', florist.email))[0]).toMatchObject({ actor: BOSS, after: { sessionsEnded: 2 } });
    expect((await login(florist.email, florist.password)).statusCode).toBe(200);
  });
});

describe('a forgotten password', () => {
  it('the request answers the same for a member, a stranger and a disabled member; only the member gets a code; the code sets a new password and ends old sessions', async () => {
    const florist = await member('florist');
    const disabled = await member('florist');
    data(await act(boss, disabled.email, 'disable'));
    const before = { stranger: await mailCount('stranger@example.com'), disabled: await mailCount(disabled.email) };
    const answers = await Promise.all([florist.email, 'stranger@example.com', disabled.email].map((email) => call('POST', `${P}/auth/reset-request`, undefined, { email }, '10.7.0.1')));
    expect(new Set(answers.map((r) => `${r.statusCode} ${r.body}`)).size).toBe(1);
    expect(answers[0]!.json().data.message).toBe('If this address belongs to a member of staff, a code to choose a new password is on its way (valid for 30 minutes).');
    expect(await mailCount('stranger@example.com')).toBe(before.stranger);
    expect(await mailCount(disabled.email)).toBe(before.disabled);
    const mail = (await lastMail(florist.email))!;
    expect(mail.subject).toBe('Your code to choose a new Adire Blooms back-office password');
    expect(mail.text_body).toContain(`/backoffice/reset?email=${encodeURIComponent(florist.email)}, enter this code`);
    const code = codeIn(mail.text_body);

    // A stranger's five wrong codes do not kill it; a weak password is refused before the code is tried.
    for (let i = 0; i < 5; i++) await call('POST', `${P}/auth/reset`, undefined, { email: florist.email, code: code === '000000' ? '111111' : '000000', password: 'Whatever-2026' }, '203.0.113.80');
    const weak = await call('POST', `${P}/auth/reset`, undefined, { email: florist.email, code, password: 'short' });
    expect(weak.json()).toMatchObject({ code: 'WEAK_PASSWORD', fields: { password: expect.any(String) } });
    const reset = data<{ token: string; staff: { email: string } }>(await call('POST', `${P}/auth/reset`, undefined, { email: florist.email, code, password: 'Brand-new-2026' }));
    expect(reset.staff.email).toBe(florist.email);
    expect((await me(florist.token)).statusCode).toBe(401);
    expect((await me(reset.token)).statusCode).toBe(200);
    expect((await login(florist.email, florist.password)).statusCode).toBe(401);
    expect((await login(florist.email, 'Brand-new-2026')).statusCode).toBe(200);
    expect((await call('POST', `${P}/auth/reset`, undefined, { email: florist.email, code, password: 'Again-new-2026' })).json().code).toBe('INVALID_CODE');
    expect((await auditOf('staff.reset-password', florist.email))[0]).toMatchObject({ actor: florist.email });
  });

  it('requests are limited per address and client like a shopper code request: the same answer until the limit, then 429 there only', async () => {
    const florist = await member('florist');
    const ask = (ip: string) => call('POST', `${P}/auth/reset-request`, undefined, { email: florist.email }, ip);
    expect([(await ask('203.0.113.90')).statusCode, (await ask('203.0.113.90')).statusCode, (await ask('203.0.113.90')).statusCode]).toEqual([200, 200, 200]);
    const limited = await ask('203.0.113.90');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeTruthy();
    expect((await ask('10.7.0.2')).statusCode).toBe(200);
  });

  it('a manager (or `pnpm staff reset`) mails a member a code; the member uses it on the reset page', async () => {
    const florist = await member('florist');
    expect(data(await act(boss, florist.email, 'reset')).message).toBe(`A code to choose a new password is on its way to ${florist.email} (valid for 30 minutes).`);
    expect(await command('reset', florist.email)).toBe(`A code to choose a new password is on its way to ${florist.email} (valid for 30 minutes).`);
    const code = codeIn((await lastMail(florist.email))!.text_body);
    data(await call('POST', `${P}/auth/reset`, undefined, { email: florist.email, code, password: 'Chosen-by-me-2026' }));
    expect((await auditOf('staff.reset-sent', florist.email)).map((e) => e.actor)).toEqual(['operator', BOSS]);
    const invited = `invited-${++n}@adireblooms.ng`;
    data(await call('POST', `${P}/staff`, boss, { email: invited, role: 'florist' }));
    expect((await act(boss, invited, 'reset')).json().message).toBe(`${invited} has not set a password yet: send them a new invitation instead.`);
  });
});

describe('pnpm staff', () => {
  it('reads disable, enable, role, reset, remove, unlock and sign-out, and refuses what it cannot read with the reason', () => {
    for (const kind of ['disable', 'enable', 'reset', 'remove', 'unlock', 'sign-out']) {
      expect(parseStaffCommand([kind, 'a@b.ng'])).toEqual({ kind, email: 'a@b.ng' });
      expect(() => parseStaffCommand([kind])).toThrow(`'${kind}' needs the member's e-mail address`);
      expect(() => parseStaffCommand([kind, 'a@b.ng', 'c@d.ng'])).toThrow(StaffCommandError);
    }
    expect(parseStaffCommand(['role', 'a@b.ng', 'manager'])).toEqual({ kind: 'role', email: 'a@b.ng', role: 'manager' });
    expect(parseStaffCommand(['role', 'a@b.ng', '--role', 'florist'])).toEqual({ kind: 'role', email: 'a@b.ng', role: 'florist' });
    expect(() => parseStaffCommand(['role', 'a@b.ng', 'owner'])).toThrow("'role' needs florist or manager or rider, got 'owner'.");
    for (const word of ['disable <email>', 'enable <email>', 'role <email> <florist|manager|rider>', 'reset <email>', 'remove <email>', 'unlock <email>', 'sign-out <email>']) expect(STAFF_USAGE).toContain(word);
  });

  it('disables, enables, changes a role, signs out and removes through the same service, audited as the operator', async () => {
    const florist = await member('florist');
    expect(await command('disable', florist.email)).toContain('is disabled');
    expect(await command('list')).toMatch(new RegExp(`${florist.email.replace('.', '\\.')}\\s+florist\\s+disabled`));
    expect(await command('enable', florist.email)).toContain('is enabled again');
    expect(await command('role', florist.email, 'manager')).toContain('is now a manager');
    const token = data(await login(florist.email, florist.password)).token;
    expect(await command('sign-out', florist.email)).toContain('signed out everywhere (1 session ended)');
    expect((await me(token)).statusCode).toBe(401);
    expect(await command('remove', florist.email)).toBe(`${florist.email} is removed from the staff; the audit keeps what they did.`);
    await expect(command('remove', florist.email)).rejects.toThrow(`No member of staff has the address ${florist.email}.`);
    const actions = data<{ action: string; actor: string }[]>(await call('GET', `${P}/audit?actor=operator&target=${encodeURIComponent(florist.email)}`, boss)).map((e) => e.action);
    expect(actions).toEqual(['staff.remove', 'staff.sign-out', 'staff.role', 'staff.enable', 'staff.disable']);
  });
});

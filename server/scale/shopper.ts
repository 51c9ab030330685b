/**
 * A simulated shopper for the peak-day bench and the scale drill: one keep-alive connection and a
 * cookie jar of its own (what the store sets is sent back, as a browser does), a bearer token once
 * logged in (the store keeps it in the browser's storage), and every request timed.
 */
import http from 'node:http';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
}

export interface SendOptions {
  body?: string;
  /** 'json' (the default with a body) or 'form' (application/x-www-form-urlencoded, as an HTML form posts). */
  kind?: 'json' | 'form';
  headers?: Record<string, string>;
}

export class Shopper {
  readonly cookies = new Map<string, string>();
  token: string | null = null;
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  private readonly url: URL;

  constructor(base: string) {
    this.url = new URL(base);
  }

  /** One request to the store; status 0 is a network error (connection refused or reset). Never throws. */
  send(method: string, path: string, options: SendOptions = {}): Promise<Answer> {
    const started = performance.now();
    const headers: Record<string, string | number> = { ...options.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (options.body !== undefined) {
      headers['content-type'] = options.kind === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
      headers['content-length'] = Buffer.byteLength(options.body);
    }
    return new Promise((resolve) => {
      let settled = false;
      const done = (status: number, h: http.IncomingHttpHeaders, body: string) => {
        if (settled) return;
        settled = true;
        resolve({ status, headers: h, body, ms: performance.now() - started });
      };
      const req = http.request({ agent: this.agent, host: this.url.hostname, port: this.url.port, method, path, headers }, (res) => {
        this.keepCookies(res.headers['set-cookie']);
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(res.statusCode ?? 0, res.headers, Buffer.concat(chunks).toString('utf8')));
        res.on('error', () => done(0, {}, ''));
        // A connection closed before the whole answer came: a network error.
        res.on('close', () => done(0, {}, ''));
      });
      req.on('error', () => done(0, {}, ''));
      req.on('close', () => done(0, {}, ''));
      req.end(options.body);
    });
  }

  private keepCookies(setCookie: string[] | undefined): void {
    for (const line of setCookie ?? []) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      if (eq > 0) this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
  }

  close(): void {
    this.agent.destroy();
  }
}

/** The `data` of a JSON answer, or undefined when the answer is not one. */
export function dataOf<T>(answer: Answer): T | undefined {
  try {
    return (JSON.parse(answer.body) as { data?: T }).data;
  } catch {
    return undefined;
  }
}

/** The `code` of an enveloped refusal (`{message, code}`), or undefined. */
export function codeOf(answer: Answer): string | undefined {
  try {
    return (JSON.parse(answer.body) as { code?: string }).code;
  } catch {
    return undefined;
  }
}

/**
 * One simulated sender's own address and phone. The shop limits the places one client, e-mail or phone
 * holds on a day with a capacity (ORDERS_DAY_HOLDS_PER_*, issue 38): a rush of many senders is many
 * addresses (sent as X-Forwarded-For, which the instances believe from nginx's 127.0.0.1) and phones.
 */
export const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
export const phoneOf = (n: number) => `+23480${String(30_000_000 + (n % 60_000_000)).padStart(8, '0')}`;

/** A checkout for delivery in Lagos on `date`, as the checkout's delivery stage sends it. */
export function lagosCheckout(date: string, who: { name: string; email: string; phone?: string }): string {
  return JSON.stringify({
    business: 'adire-blooms',
    currency: 'NGN',
    shouldCreateAccount: false,
    shouldSaveAddress: false,
    userData: { name: who.name, email: who.email, phone: who.phone ?? '+2348031112222', phoneCountryCode: '+234' },
    orderData: {
      deliveryDate: date,
      deliveryZone: 'Lekki / Ajah',
      deliveryMessage: 'Happy Valentine’s Day!',
      purpose: 'Love and romance',
      deliveryInstruction: 'Call at the gate',
      recipient: { name: 'Tolu Bakare', phone: '+2348095556666', phoneCountryCode: '+234', address: '7 Admiralty Way, Lekki Phase 1', state: 'lagos', residenceType: 'Home', method: 'delivery' },
    },
  });
}

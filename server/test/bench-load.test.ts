/**
 * The bench's reading of wrk (bench/lib.ts): its script, its latencies, its totals and its CPU time.
 * wrk itself is not needed here (CI does not install it); its output is one it printed.
 */
import { describe, expect, it } from 'vitest';
import { parseWrk, wrkMs, wrkScript } from '../bench/lib';

const PRINTED = `Running 1s test @ http://127.0.0.1:8199/
  1 threads and 2 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   181.67us  480.32us   7.21ms   93.69%
    Req/Sec    24.77k     5.39k   28.98k    80.00%
  Latency Distribution
     50%   65.00us
     75%   76.00us
     90%  194.00us
     99%    2.53ms
  24654 requests in 1.00s, 3.14MB read
  Socket errors: connect 0, read 2, write 0, timeout 1
  Non-2xx or 3xx responses: 12327
Requests/sec:  24640.32
Transfer/sec:      3.14MB
4242 (sh) S 4200 4242 4200 0 -1 4194304 100 200 0 0 1 2 37 5 20 0 1 0 100 1000 100 18446744073709551615 0 0 0 0 0 0 0 0 0 0 0 0 17 0 0 0 0 0 0
`;

describe("the bench's wrk runs", () => {
  it('reads latencies in any of wrk\'s units as ms', () => {
    expect(wrkMs('65.00us')).toBeCloseTo(0.065);
    expect(wrkMs('2.53ms')).toBe(2.53);
    expect(wrkMs('1.20s')).toBe(1200);
    expect(wrkMs('')).toBeNaN();
  });

  it('reads totals, percentiles, errors (other than 2xx/3xx, and socket errors) and its own CPU time', () => {
    expect(parseWrk(PRINTED)).toEqual({ requests: 24654, rps: 24640.32, p50: 0.065, p99: 2.53, errors: 12330, cpuMs: 420 });
  });

  it('sends each request as asked, headers and body included, in turn', () => {
    const script = wrkScript([
      { method: 'GET', path: '/v1/catalog/search?business=adire-blooms&q=red%20roses' },
      { method: 'GET', path: '/v1/x', headers: { 'if-none-match': '"abc-br"' } },
      { method: 'POST', path: '/v1/y', body: 'line one\nsaid "hi" \\ there' },
    ]);
    expect(script).toContain('wrk.format("GET", "/v1/catalog/search?business=adire-blooms&q=red%20roses", {}, nil)');
    expect(script).toContain('wrk.format("GET", "/v1/x", {["if-none-match"] = "\\"abc-br\\""}, nil)');
    expect(script).toContain('wrk.format("POST", "/v1/y", {}, "line one\\nsaid \\"hi\\" \\\\ there")');
    expect(script).toMatch(/turn = turn % #requests \+ 1\n\s*return requests\[turn\]/);
  });
});

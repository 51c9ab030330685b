/**
 * The server's architecture as rules (issue 30 item 1; ../shared/ARCHITECTURE.md "The architecture as rules").
 * Run by `npm test` ("Architecture rules" in scripts/test-all.sh) and on its own with `pnpm rules`.
 * A new rule goes here, not in a review comment. What each rule means: server/README.md, "Rooms and the import rules".
 *
 * Rooms: the platform is server/src/{auth,db,http,mail,metrics}/, config.ts and paths.ts; a domain is each
 * server/src/domains/<name>/ and server/src/release/; the composition root (main.ts, app.ts, server-config.ts, seed.ts, cli/)
 * may import anything.
 */
const DOMAIN = '^server/src/(domains/[^/]+|release)/';
const PLATFORM = '^server/src/(auth|db|http|mail|metrics)/|^server/src/(config|paths)\\.ts$';
/** A domain's front door: its index.ts, or testing.ts, which a domain exports on purpose for tests only. */
const FRONT_DOOR = '^server/src/(domains/[^/]+|release)/(index|testing)\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import circle in server/src: a circle makes two modules one room with two doors.',
      from: { path: '^server/src/' },
      to: { circular: true },
    },
    // The shared contracts read one way too (issue 44): the leaves names.ts (the primitive names and places),
    // days.ts (the day settings) and checkout-notes.ts under entities.ts, then payments, catalog, checkout and
    // the back office's files. A shape two files need goes down to the lower one, never into a circle.
    {
      name: 'contracts-read-one-way',
      severity: 'error',
      comment:
        'No import circle in shared/contracts/src (type-only imports count): a shape two contract files share lives in the lower one (names.ts, days.ts, checkout-notes.ts, entities.ts), which never imports back.',
      from: { path: '^shared/contracts/src/' },
      to: { circular: true },
    },
    {
      name: 'domains-meet-at-front-doors',
      severity: 'error',
      comment: "A domain uses another domain only through that domain's index.ts.",
      from: { path: '^server/src/(domains/[^/]+|release)/' },
      to: {
        path: DOMAIN,
        pathNot: ['^server/src/$1/', '^server/src/(domains/[^/]+|release)/index\\.ts$'],
      },
    },
    // Dependencies between domains point one way (ARCHITECTURE.md): payments → orders → catalog → site;
    // account is used by orders, never the reverse; every domain may use staff's guard and audit.
    ...[
      ['orders', 'payments'],
      ['catalog', 'payments|orders'],
      ['site', 'payments|orders|catalog'],
      ['account', 'payments|orders|catalog|site'],
      ['release', 'payments|orders|catalog|site|account'],
    ].map(([from, never]) => ({
      name: 'domains-point-one-way',
      severity: 'error',
      comment: `${from} never imports ${never.split('|').join(', ')}: payments → orders → catalog → site, account used by orders, staff by all.`,
      from: { path: `^server/src/${from === 'release' ? 'release' : `domains/${from}`}/` },
      to: { path: `^server/src/domains/(${never})/` },
    })),
    {
      name: 'staff-imports-no-domain',
      severity: 'error',
      comment:
        "staff (accounts, sessions, roles, audit) imports no domain. What its logins share with shoppers' (passwords, tokens, codes, the attempt log) is the platform's auth/; whether a token is a shopper's is given by the composition root.",
      from: { path: '^server/src/domains/staff/' },
      to: { path: '^server/src/(domains/[^/]+|release)/', pathNot: '^server/src/domains/staff/' },
    },
    {
      name: 'platform-imports-no-domain',
      severity: 'error',
      comment: 'auth/, db/, http/, mail/, config.ts and paths.ts import no domain (release/ is a domain too); a domain reads its own configuration.',
      from: { path: PLATFORM },
      to: { path: `${DOMAIN}|^server/src/(main|app|seed)\\.ts$|^server/src/cli/` },
    },
    {
      name: 'metrics-stand-alone',
      severity: 'error',
      comment:
        "metrics/ (the registry, what domains count, its own port) imports nothing else of the server: domains count through the ShopTally the composition root hands them, and the gauges that read the database are the composition root's (shop-metrics.ts).",
      from: { path: '^server/src/metrics/' },
      to: { path: '^server/src/', pathNot: '^server/src/metrics/' },
    },
    {
      name: 'tests-through-front-doors',
      severity: 'error',
      comment: "Server tests, benches and the scale drill use a domain only through its index.ts (or the testing.ts it exports for tests).",
      from: { path: '^server/(test|bench|scale)/' },
      to: { path: DOMAIN, pathNot: FRONT_DOOR },
    },
    {
      name: 'seed-through-front-doors',
      severity: 'error',
      comment: "The demo shop's content (server/seed/, loaded by src/seed.ts) uses a domain only through its index.ts, as another domain would.",
      from: { path: '^server/seed/' },
      to: { path: DOMAIN, pathNot: '^server/src/(domains/[^/]+|release)/index\\.ts$' },
    },
    {
      name: 'e2e-through-front-doors',
      severity: 'error',
      comment: "The browser tests use server code only through front doors: a domain's index.ts/testing.ts, or db/index.ts.",
      from: { path: '^e2e/' },
      to: { path: '^server/src/', pathNot: `${FRONT_DOOR}|^server/src/db/index\\.ts$` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: '(^|/)(node_modules|dist|test-results[^/]*|playwright-report[^/]*|\\.state[^/]*)/|^releases/|^e2e/\\.state',
    },
    // Type-only imports count: a circle of types is still a circle of rooms.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

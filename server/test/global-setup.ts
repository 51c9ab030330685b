import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The prefix of the PostgreSQL templates of one test run (test/helpers.ts makes them). */
export const PG_TEMPLATE_PREFIX = 'adire_tpl_';

/**
 * One API test run: its id names the PostgreSQL templates its workers make (test/helpers.ts), and its
 * end drops them — on a server kept between runs as well as on scripts/with-postgres.sh's throw-away one.
 */
export default function setup(): () => Promise<void> {
  const run = randomBytes(4).toString('hex');
  process.env.ADIRE_TEST_RUN = run;
  return async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) return;
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      const { rows } = await c.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${PG_TEMPLATE_PREFIX}${run}_%`]);
      for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    } finally {
      await c.end();
    }
  };
}

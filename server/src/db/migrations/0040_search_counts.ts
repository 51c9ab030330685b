import type { Kysely } from 'kysely';

/**
 * What shoppers searched for (issue 43, item 4): per day in Lagos and normalised search (folded words,
 * never who searched; a search holding an e-mail address or a phone number is never kept), how often it
 * was searched and how many products its last count found. Written only by catalog/search-counts.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('search_count')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('searches', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('results', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('search_count_pk', ['day', 'query'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('search_count').execute();
}

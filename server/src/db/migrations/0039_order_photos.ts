import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * Issue 40, "proof the flowers arrived": an order's photos — the finished arrangement, the door at
 * delivery, a failed attempt — kept in the database beside the release blobs, so a photo uploaded
 * through one instance is served by every other. The id is the photo's address, random and long
 * (nobody can guess it); only re-encoded copies are kept (every EXIF field dropped), never the upload.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const bytes = postgres ? 'bytea' : 'blob';
  await db.schema
    .createTable('order_photo')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('caption', 'text')
    .addColumn('taken_at', 'text', (c) => c.notNull())
    .addColumn('taken_by', 'text')
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('large', bytes, (c) => c.notNull())
    .addColumn('small', bytes, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_photo_order').on('order_photo').columns(['order_id', 'taken_at']).execute();
  await db.schema.createIndex('order_photo_taken').on('order_photo').column('taken_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_photo').execute();
}

/** Creates a migrated embedded database in the folder named by its argument, then shuts it down cleanly. */
import { openDatabase } from '../../server/db/index.ts';
import { runMigrations } from '../../server/db/migrate.ts';

const dir = process.argv[2];
if (!dir) throw new Error('usage: create-template.ts <folder>');
const database = await openDatabase({ DATABASE_POOL_SIZE: 1, DATABASE_URL: undefined, DATA_DIR: dir });
await runMigrations(database.pool);
await database.close();
